/* Test-only fill-in for the C99 complex functions Wine 8's ucrtbase.dll only stubs.
 *
 * numpy 2.x imports 35 complex functions from the Universal CRT and calls some on import
 * (crealf first: "Unimplemented function ucrtbase.dll.crealf").  Wine 8 exports them as stubs
 * that end the process.  When this code is loaded (inside icuuc.dll, which Qt6Core loads, and
 * through sitecustomize.py in the build interpreter), each export that is still one of Wine's
 * stubs is overwritten with a jump to the implementation below; real Wine implementations
 * (creal) are left alone.
 *
 * The types are MSVC's, not C99's: _Fcomplex is a struct of two floats (8 bytes: passed and
 * returned in integer registers), _Dcomplex two doubles (16 bytes: passed by reference,
 * returned through a hidden pointer), and _Lcomplex is _Dcomplex, since MSVC's long double is a
 * double.  MinGW's gcc follows that ABI for structs, so these plain struct signatures match
 * what numpy was compiled against; the arithmetic is MinGW's own C99 complex library.
 */
#include <windows.h>
#include <complex.h>
#include <math.h>
#include <string.h>

typedef struct { float v[2]; } fcx;   /* _Fcomplex */
typedef struct { double v[2]; } dcx;  /* _Dcomplex and _Lcomplex */

static float _Complex fc(fcx z) { return __builtin_complex(z.v[0], z.v[1]); }
static double _Complex dc(dcx z) { return __builtin_complex(z.v[0], z.v[1]); }
static fcx fr(float _Complex z) { fcx r = {{crealf(z), cimagf(z)}}; return r; }
static dcx dr(double _Complex z) { dcx r = {{creal(z), cimag(z)}}; return r; }

#define UNARY(name, cfun)                                                        \
    static dcx my_##name(dcx z) { return dr(cfun(dc(z))); }                      \
    static fcx my_##name##f(fcx z) { return fr(cfun##f(fc(z))); }                \
    static dcx my_##name##l(dcx z) { return dr(cfun(dc(z))); }
UNARY(ccos, ccos)
UNARY(ccosh, ccosh)
UNARY(cexp, cexp)
UNARY(csin, csin)
UNARY(csinh, csinh)
UNARY(ctan, ctan)
UNARY(ctanh, ctanh)

static dcx my_cpow(dcx x, dcx y) { return dr(cpow(dc(x), dc(y))); }
static fcx my_cpowf(fcx x, fcx y) { return fr(cpowf(fc(x), fc(y))); }
static dcx my_cpowl(dcx x, dcx y) { return dr(cpow(dc(x), dc(y))); }
static double my_cabs(dcx z) { return hypot(z.v[0], z.v[1]); }
static float my_cabsf(fcx z) { return hypotf(z.v[0], z.v[1]); }
static double my_carg(dcx z) { return atan2(z.v[1], z.v[0]); }
static float my_cargf(fcx z) { return atan2f(z.v[1], z.v[0]); }
static double my_creal(dcx z) { return z.v[0]; }
static float my_crealf(fcx z) { return z.v[0]; }
static double my_cimag(dcx z) { return z.v[1]; }
static float my_cimagf(fcx z) { return z.v[1]; }

static const struct { const char *name; void *impl; } FILLS[] = {
    {"cabs", my_cabs}, {"cabsf", my_cabsf}, {"cabsl", my_cabs},
    {"carg", my_carg}, {"cargf", my_cargf}, {"cargl", my_carg},
    {"ccos", my_ccos}, {"ccosf", my_ccosf}, {"ccosl", my_ccosl},
    {"ccosh", my_ccosh}, {"ccoshf", my_ccoshf}, {"ccoshl", my_ccoshl},
    {"cexp", my_cexp}, {"cexpf", my_cexpf}, {"cexpl", my_cexpl},
    {"cimag", my_cimag}, {"cimagf", my_cimagf}, {"cimagl", my_cimag},
    {"cpow", my_cpow}, {"cpowf", my_cpowf}, {"cpowl", my_cpowl},
    {"creal", my_creal}, {"crealf", my_crealf}, {"creall", my_creal},
    {"csin", my_csin}, {"csinf", my_csinf}, {"csinl", my_csinl},
    {"csinh", my_csinh}, {"csinhf", my_csinhf}, {"csinhl", my_csinhl},
    {"ctan", my_ctan}, {"ctanf", my_ctanf}, {"ctanl", my_ctanl},
    {"ctanh", my_ctanh}, {"ctanhf", my_ctanhf}, {"ctanhl", my_ctanhl},
};

/* Wine's generated stub: sub $0x28,%rsp; lea name(%rip),%rcx; lea dll(%rip),%rdx; call ... */
static int is_wine_stub(const unsigned char *code)
{
    static const unsigned char head[] = {0x48, 0x83, 0xec, 0x28, 0x48, 0x8d, 0x0d};
    return memcmp(code, head, sizeof head) == 0 && code[11] == 0x48 && code[12] == 0x8d &&
           code[13] == 0x15 && code[18] == 0xe8;
}

static int patched;

__declspec(dllexport) int gpshim_patched_count(void) { return patched; }

void gpshim_patch_ucrt_complex(void)
{
    HMODULE ucrt = GetModuleHandleA("ucrtbase.dll");
    if (ucrt == NULL)
        ucrt = LoadLibraryA("ucrtbase.dll");
    if (ucrt == NULL)
        return;
    for (size_t i = 0; i < sizeof FILLS / sizeof FILLS[0]; i++) {
        unsigned char *code = (unsigned char *)GetProcAddress(ucrt, FILLS[i].name);
        DWORD old;
        if (code == NULL || !is_wine_stub(code))
            continue;
        if (!VirtualProtect(code, 12, PAGE_EXECUTE_READWRITE, &old))
            continue;
        code[0] = 0x48; code[1] = 0xb8;  /* mov rax, imm64 */
        memcpy(code + 2, &FILLS[i].impl, 8);
        code[10] = 0xff; code[11] = 0xe0;  /* jmp rax */
        VirtualProtect(code, 12, old, &old);
        FlushInstructionCache(GetCurrentProcess(), code, 12);
        patched++;
    }
}
