// expected-error @+1 {{never}}
"test.op"() : () -> ()
