/* warplint stand-in for <cuComplex.h>: complex numbers as float2/double2. */
#ifndef CU_COMPLEX_H_
#define CU_COMPLEX_H_

#include <vector_functions.h>

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;
#define __WL_CPLX(C, T, s)                                                    \
	__WL_HD T cuCreal##s(C x); __WL_HD T cuCimag##s(C x);                 \
	__WL_HD C cuConj##s(C x);                                             \
	__WL_HD C cuCadd##s(C x, C y); __WL_HD C cuCsub##s(C x, C y);         \
	__WL_HD C cuCmul##s(C x, C y); __WL_HD C cuCdiv##s(C x, C y);         \
	__WL_HD T cuCabs##s(C x); __WL_HD C cuCfma##s(C x, C y, C d);
__WL_CPLX(cuFloatComplex, float, f)
__WL_CPLX(cuDoubleComplex, double, )
#undef __WL_CPLX
__WL_HD cuComplex make_cuComplex(float r, float i);
__WL_HD cuDoubleComplex make_cuDoubleComplex(double r, double i);
__WL_HD cuFloatComplex make_cuFloatComplex(float r, float i);
__WL_HD cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c);
__WL_HD cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c);

#endif
