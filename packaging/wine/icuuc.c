/* Test-only stand-in for Windows 10's icuuc.dll, for a Wine 8 prefix (Wine ships no ICU).
 *
 * Qt6Core.dll imports twenty ucnv_* functions from icuuc.dll; without the DLL, PySide6's QtCore
 * does not load at all.  Every converter here is "unavailable": ucnv_open fails with
 * U_FILE_ACCESS_ERROR, so Qt keeps its built-in UTF-8/UTF-16/Latin-1 codecs, which is all the app
 * uses.  The same DLL, once loaded, also fills in the C99 complex functions that Wine 8's
 * ucrtbase.dll only stubs (see ucrt_complex.c): Qt6Core is loaded before numpy in the app.
 *
 * Never part of the bundle: tools/windows-build-under-wine copies it into the test prefix's
 * system32 and checks the bundle holds no file of this name.
 */
#include <windows.h>
#include <stdint.h>

typedef int32_t UErrorCode;
#define U_FILE_ACCESS_ERROR 4
#define EXPORT __declspec(dllexport)

void gpshim_patch_ucrt_complex(void);

static void fail(UErrorCode *err)
{
    if (err != NULL && *err <= 0)
        *err = U_FILE_ACCESS_ERROR;
}

EXPORT void *ucnv_open(const char *name, UErrorCode *err) { (void)name; fail(err); return NULL; }
EXPORT void ucnv_close(void *cnv) { (void)cnv; }
EXPORT void ucnv_reset(void *cnv) { (void)cnv; }
EXPORT int8_t ucnv_getMaxCharSize(const void *cnv) { (void)cnv; return 1; }
EXPORT const char *ucnv_getName(const void *cnv, UErrorCode *err) { (void)cnv; fail(err); return NULL; }
EXPORT void ucnv_getToUCallBack(const void *cnv, void **action, const void **context)
{
    (void)cnv;
    if (action) *action = NULL;
    if (context) *context = NULL;
}
EXPORT void ucnv_getFromUCallBack(const void *cnv, void **action, const void **context)
{
    ucnv_getToUCallBack(cnv, action, context);
}
EXPORT void ucnv_setToUCallBack(void *cnv, void *action, const void *context, void **old_action,
                                const void **old_context, UErrorCode *err)
{
    (void)cnv; (void)action; (void)context;
    if (old_action) *old_action = NULL;
    if (old_context) *old_context = NULL;
    fail(err);
}
EXPORT void ucnv_setFromUCallBack(void *cnv, void *action, const void *context, void **old_action,
                                  const void **old_context, UErrorCode *err)
{
    ucnv_setToUCallBack(cnv, action, context, old_action, old_context, err);
}
EXPORT void UCNV_FROM_U_CALLBACK_SUBSTITUTE(const void *context, void *args, const uint16_t *units,
                                            int32_t length, int32_t code_point, int reason,
                                            UErrorCode *err)
{
    (void)context; (void)args; (void)units; (void)length; (void)code_point; (void)reason;
    fail(err);
}
EXPORT void UCNV_TO_U_CALLBACK_SUBSTITUTE(const void *context, void *args, const char *units,
                                          int32_t length, int reason, UErrorCode *err)
{
    (void)context; (void)args; (void)units; (void)length; (void)reason;
    fail(err);
}
EXPORT void ucnv_cbToUWriteUChars(void *args, const uint16_t *source, int32_t length,
                                  int32_t offset_index, UErrorCode *err)
{
    (void)args; (void)source; (void)length; (void)offset_index;
    fail(err);
}
EXPORT void ucnv_cbFromUWriteUChars(void *args, const uint16_t **source, const uint16_t *limit,
                                    int32_t offset_index, UErrorCode *err)
{
    (void)args; (void)source; (void)limit; (void)offset_index;
    fail(err);
}
EXPORT void ucnv_toUnicode(void *cnv, uint16_t **target, const uint16_t *target_limit,
                           const char **source, const char *source_limit, int32_t *offsets,
                           int8_t flush, UErrorCode *err)
{
    (void)cnv; (void)target; (void)target_limit; (void)source; (void)source_limit;
    (void)offsets; (void)flush;
    fail(err);
}
EXPORT void ucnv_fromUnicode(void *cnv, char **target, const char *target_limit,
                             const uint16_t **source, const uint16_t *source_limit,
                             int32_t *offsets, int8_t flush, UErrorCode *err)
{
    (void)cnv; (void)target; (void)target_limit; (void)source; (void)source_limit;
    (void)offsets; (void)flush;
    fail(err);
}
EXPORT int32_t ucnv_toUCountPending(const void *cnv, UErrorCode *err) { (void)cnv; fail(err); return 0; }
EXPORT int32_t ucnv_fromUCountPending(const void *cnv, UErrorCode *err) { (void)cnv; fail(err); return 0; }
EXPORT const char *ucnv_getStandardName(const char *name, const char *standard, UErrorCode *err)
{
    (void)name; (void)standard;
    fail(err);
    return NULL;
}
EXPORT const char *ucnv_getAvailableName(int32_t n) { (void)n; return NULL; }
EXPORT int32_t ucnv_countAvailable(void) { return 0; }

BOOL WINAPI DllMain(HINSTANCE instance, DWORD reason, LPVOID reserved)
{
    (void)instance; (void)reserved;
    if (reason == DLL_PROCESS_ATTACH)
        gpshim_patch_ucrt_complex();
    return TRUE;
}
