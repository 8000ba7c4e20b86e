; GPU Build Planner: per-user Windows installer (no administrator rights).
; Compiled by packaging/build.py (makensis, target amd64-unicode: an x86 installer "succeeds"
; under a 64-bit-only Wine and installs nothing; the release workflow compiles it on Linux for
; that reason). build.py passes:
;   VERSION   the version from pyproject.toml
;   OUTFILE   the installer to write
;   APPICON   the app's .ico          DOCICON   the .gpubuild document .ico
;   FILES     an include file with the payload's File commands (one per file)
;   REMOVE    an include file with the matching Delete/RMDir commands, so the uninstaller
;             removes exactly what the installer wrote and nothing a user put beside it.
; The .gpubuild association is a ProgID under HKCU\Software\Classes (per user, no admin).

Unicode true
!ifndef TARGET
  ; Debian's and Ubuntu's nsis ship the amd64 stubs; the official Windows build of NSIS has only
  ; x86 ones, so a local Windows build passes TARGET=x86-unicode (runs on 64-bit Windows too).
  !define TARGET amd64-unicode
!endif
Target ${TARGET}

!ifndef VERSION | OUTFILE | APPICON | DOCICON | FILES | REMOVE
  !error "compile through packaging/build.py (VERSION, OUTFILE, APPICON, DOCICON, FILES, REMOVE)"
!endif

!define APPNAME "GPU Build Planner"
!define EXE "gpu-planner.exe"
!define PROGID "GPUBuildPlanner.gpubuild"
!define UNINSTKEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\GPUBuildPlanner"
!define SHCNE_ASSOCCHANGED 0x08000000
!define SHCNF_IDLIST 0

Name "${APPNAME}"
OutFile "${OUTFILE}"
RequestExecutionLevel user
InstallDir "$LOCALAPPDATA\Programs\${APPNAME}"
InstallDirRegKey HKCU "Software\${APPNAME}\Installer" "InstallDir"
SetCompressor /SOLID lzma
ManifestDPIAware true

!include "MUI2.nsh"
!define MUI_ICON "${APPICON}"
!define MUI_UNICON "${APPICON}"
!define MUI_FINISHPAGE_RUN "$INSTDIR\${EXE}"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "SimpChinese"

VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=${LANG_ENGLISH} "ProductName" "${APPNAME}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "FileDescription" "${APPNAME} installer"
VIAddVersionKey /LANG=${LANG_ENGLISH} "LegalCopyright" "GPU Build Planner contributors, MIT licence"

LangString RemoveUserData ${LANG_ENGLISH} "Also delete your catalog database, settings and autosaved builds?$\r$\nYour .gpubuild files are not touched either way."
LangString RemoveUserData ${LANG_SIMPCHINESE} "同时删除您的目录数据库、设置和自动保存的配置吗？$\r$\n您的 .gpubuild 文件都不会被删除。"

Section "Install"
  SetShellVarContext current
  !include "${FILES}"
  SetOutPath "$INSTDIR"
  File "/oname=gpubuild-document.ico" "${DOCICON}"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  CreateShortcut "$SMPROGRAMS\${APPNAME}.lnk" "$INSTDIR\${EXE}"

  ; .gpubuild opens in the app, with its own document icon.
  WriteRegStr HKCU "Software\Classes\.gpubuild" "" "${PROGID}"
  WriteRegStr HKCU "Software\Classes\.gpubuild" "Content Type" "application/x-gpubuild"
  WriteRegStr HKCU "Software\Classes\.gpubuild\OpenWithProgids" "${PROGID}" ""
  WriteRegStr HKCU "Software\Classes\${PROGID}" "" "GPU Build"
  WriteRegStr HKCU "Software\Classes\${PROGID}\DefaultIcon" "" "$INSTDIR\gpubuild-document.ico"
  WriteRegStr HKCU "Software\Classes\${PROGID}\shell\open\command" "" '"$INSTDIR\${EXE}" "%1"'

  WriteRegStr HKCU "Software\${APPNAME}\Installer" "InstallDir" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTKEY}" "DisplayName" "${APPNAME}"
  WriteRegStr HKCU "${UNINSTKEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTKEY}" "DisplayIcon" "$INSTDIR\${EXE}"
  WriteRegStr HKCU "${UNINSTKEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTKEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTKEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTKEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTKEY}" "NoRepair" 1

  System::Call 'shell32::SHChangeNotify(i ${SHCNE_ASSOCCHANGED}, i ${SHCNF_IDLIST}, p 0, p 0)'
SectionEnd

Section "Uninstall"
  SetShellVarContext current
  Delete "$SMPROGRAMS\${APPNAME}.lnk"

  ; The association, only where it is still ours (another program may have taken .gpubuild).
  ReadRegStr $0 HKCU "Software\Classes\.gpubuild" ""
  StrCmp $0 "${PROGID}" 0 +2
    DeleteRegValue HKCU "Software\Classes\.gpubuild" ""
  ReadRegStr $0 HKCU "Software\Classes\.gpubuild" ""
  StrCmp $0 "" 0 +2
    DeleteRegValue HKCU "Software\Classes\.gpubuild" "Content Type"
  DeleteRegValue HKCU "Software\Classes\.gpubuild\OpenWithProgids" "${PROGID}"
  DeleteRegKey /ifempty HKCU "Software\Classes\.gpubuild\OpenWithProgids"
  DeleteRegKey /ifempty HKCU "Software\Classes\.gpubuild"
  DeleteRegKey HKCU "Software\Classes\${PROGID}"
  DeleteRegKey HKCU "${UNINSTKEY}"
  DeleteRegKey HKCU "Software\${APPNAME}\Installer"
  DeleteRegKey /ifempty HKCU "Software\${APPNAME}"

  !include "${REMOVE}"
  Delete "$INSTDIR\gpubuild-document.ico"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"

  ; The user's own data (platformdirs and QSettings locations) only when they say so;
  ; a silent uninstall keeps it.
  MessageBox MB_YESNO|MB_DEFBUTTON2|MB_ICONQUESTION "$(RemoveUserData)" /SD IDNO IDNO keep
    RMDir /r "$LOCALAPPDATA\gpu-build-planner"
    DeleteRegKey HKCU "Software\gpu-build-planner"
  keep:

  System::Call 'shell32::SHChangeNotify(i ${SHCNE_ASSOCCHANGED}, i ${SHCNF_IDLIST}, p 0, p 0)'
SectionEnd
