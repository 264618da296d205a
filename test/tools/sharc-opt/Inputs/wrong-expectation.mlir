// expected-error @+1 {{this is not the message}}
"test.op"(%x) : (i32) -> ()
