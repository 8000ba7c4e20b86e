/* Test-only stand-in for bcryptprimitives.dll, which Wine 8 does not have.
 *
 * Rust's standard library (pydantic_core is built with it) fills its hash seeds through
 * ProcessPrng; without it pydantic does not import.  Here ProcessPrng is RtlGenRandom
 * (advapi32's SystemFunction036), the operating system's own generator.
 *
 * Never part of the bundle: only copied into the test prefix's system32.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length); /* RtlGenRandom */

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T size)
{
    while (size > 0) {
        ULONG chunk = size > 0x10000000 ? 0x10000000 : (ULONG)size;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        size -= chunk;
    }
    return TRUE;
}
