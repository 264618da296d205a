/* The OpenACC runtime calls of test/frontend/openacc-runtime.c for its C reference build, which
 * runs on the host: managing devices changes no result there (as sharcc treats the calls), and the
 * system's libgomp cannot stand in, because acc_init(acc_device_nvidia) fails without an NVIDIA
 * offload plugin. */
#include <openacc.h>

void acc_init(acc_device_t device) { (void)device; }
void acc_set_device_num(int num, acc_device_t device) { (void)num; (void)device; }
void acc_shutdown(acc_device_t device) { (void)device; }
