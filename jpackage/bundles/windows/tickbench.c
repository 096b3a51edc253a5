/*
 * tickbench.exe: starts the Tickbench workbench on Windows with the user's Java 17 or newer.
 *
 * Java is looked for where users and installers put it, in this order: %JAVA_HOME%, the java.exe on
 * PATH, then the registry's JavaSoft keys (Oracle's and most OpenJDK installers' JDK and JRE entries).
 * A candidate's version is read from its "release" file (JAVA_VERSION="17.0.9"), or, for a java.exe
 * with none beside it (Oracle's javapath stubs), from what "java -version" prints. The first of them
 * that is 17 or newer runs the workbench: its javaw.exe (no console window), with the bundle's lib\*
 * as class path and the arguments this program got. None found, or only older ones: a message box
 * says so in plain words, with what was found and how to install Java, and the exit status is 1.
 *
 * The program itself is DPI-aware (its manifest): its message box is crisp at 125 % and 150 %; the
 * workbench runs in javaw.exe, whose own manifest makes the JVM DPI-aware, and JavaFX renders at the
 * screen's scale.
 *
 * Built on Linux by jpackage/bundles.sh with MinGW-w64:
 *   x86_64-w64-mingw32-gcc -municode -mwindows -O2 -s tickbench.c tickbench.res -o tickbench.exe
 * With -DVERSION_SELFTEST it is a Linux program that checks the version parsing (jpackage/check/bundles.sh).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#define MIN_FEATURE 17
#define MAIN_CLASS L"dev.tickbench.app.Launcher"
/* the workbench's heap and G1's giving memory back: jpackage/build.sh's APP_JAVA_OPTS, measured there */
#define JAVA_OPTS L"-Xmx1g -XX:G1PeriodicGCInterval=15000 -XX:MaxHeapFreeRatio=30 -XX:MinHeapFreeRatio=10"
#define INSTALL_HINT \
    L"Install Java 17 or newer, for example Eclipse Temurin 21 (free, from adoptium.net: choose the .msi, " \
    L"and tick \"Set JAVA_HOME variable\" in its installer), or in a terminal:\n\n" \
    L"    winget install EclipseAdoptium.Temurin.21.JRE\n\nThen start Tickbench again."

/*
 * The feature release of a Java version string: "17.0.9" -> 17, "21" -> 21, "1.8.0_392" -> 8,
 * "17-ea" -> 17; 0 when it is none.
 */
static int feature_of(const wchar_t *v) {
    if (v == NULL || *v < L'0' || *v > L'9') {
        return 0;
    }
    long major = wcstol(v, NULL, 10);
    if (major == 1) { /* 1.8.0: the old scheme names the feature second */
        const wchar_t *dot = wcschr(v, L'.');
        return dot == NULL ? 0 : (int) wcstol(dot + 1, NULL, 10);
    }
    return major > 0 && major < 1000 ? (int) major : 0;
}

/*
 * The version in text that java prints or a release file holds: what follows the first
 * 'version "' or 'JAVA_VERSION="' up to its closing quote, copied into out. 0 when there is none.
 */
static int version_in(const wchar_t *text, wchar_t *out, size_t cap) {
    static const wchar_t *keys[] = {L"JAVA_VERSION=\"", L"version \""};
    for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
        const wchar_t *at = wcsstr(text, keys[k]);
        if (at == NULL) {
            continue;
        }
        at += wcslen(keys[k]);
        const wchar_t *end = wcschr(at, L'"');
        size_t n = end == NULL ? 0 : (size_t) (end - at);
        if (n == 0 || n >= cap) {
            continue;
        }
        wmemcpy(out, at, n);
        out[n] = 0;
        return 1;
    }
    return 0;
}

#ifdef VERSION_SELFTEST
static int failures;

static void expect(const wchar_t *text, int feature) {
    wchar_t v[64];
    int got = version_in(text, v, 64) ? feature_of(v) : 0;
    if (got != feature) {
        fwprintf(stderr, L"FAIL: %ls -> %d, expected %d\n", text, got, feature);
        failures++;
    }
}

int main(void) {
    expect(L"openjdk version \"17.0.9\" 2023-10-17\nOpenJDK Runtime Environment", 17);
    expect(L"java version \"1.8.0_401\"\nJava(TM) SE Runtime Environment", 8);
    expect(L"openjdk version \"11.0.22\" 2024-01-16 LTS", 11);
    expect(L"openjdk version \"21\" 2023-09-19", 21);
    expect(L"openjdk version \"24-ea\" 2025-03-18", 24);
    expect(L"IMPLEMENTOR=\"Eclipse Adoptium\"\r\nJAVA_VERSION=\"17.0.10\"\r\nJAVA_VERSION_DATE=\"2024-01-16\"", 17);
    expect(L"JAVA_VERSION=\"1.8.0_402\"", 8);
    expect(L"Error: could not open `C:\\jre\\lib\\amd64\\jvm.cfg'", 0);
    expect(L"version \"\"", 0);
    expect(L"", 0);
    printf("%d passed, %d failed\n", 10 - failures, failures);
    return failures != 0;
}
#else

#include <windows.h>

/* What was found, for the message when nothing fits: "Java 11 at C:\…" lines. */
static wchar_t seen[4096];

static void note(const wchar_t *what) {
    size_t len = wcslen(seen);
    if (len + wcslen(what) + 2 < sizeof seen / sizeof *seen) {
        wcscat(seen, what);
        wcscat(seen, L"\n");
    }
}

/* The whole of a small file as text (ASCII/UTF-8 bytes widened); 0 when unreadable. */
static int read_text(const wchar_t *path, wchar_t *out, size_t cap) {
    FILE *f = _wfopen(path, L"rb");
    if (f == NULL) {
        return 0;
    }
    char buf[8192];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    return MultiByteToWideChar(CP_UTF8, 0, buf, -1, out, (int) cap) > 0;
}

/* What "java.exe -version" prints (on stderr), run without a window; 0 when it cannot be run. */
static int java_says(const wchar_t *java, wchar_t *out, size_t cap) {
    SECURITY_ATTRIBUTES sa = {sizeof sa, NULL, TRUE};
    HANDLE rd, wr;
    if (!CreatePipe(&rd, &wr, &sa, 0)) {
        return 0;
    }
    SetHandleInformation(rd, HANDLE_FLAG_INHERIT, 0);
    STARTUPINFOW si;
    ZeroMemory(&si, sizeof si);
    si.cb = sizeof si;
    si.dwFlags = STARTF_USESTDHANDLES;
    si.hStdOutput = wr;
    si.hStdError = wr;
    PROCESS_INFORMATION pi;
    wchar_t cmd[MAX_PATH + 32];
    _snwprintf(cmd, sizeof cmd / sizeof *cmd, L"\"%ls\" -version", java);
    cmd[sizeof cmd / sizeof *cmd - 1] = 0;
    BOOL ok = CreateProcessW(NULL, cmd, NULL, NULL, TRUE, CREATE_NO_WINDOW, NULL, NULL, &si, &pi);
    CloseHandle(wr);
    if (!ok) {
        CloseHandle(rd);
        return 0;
    }
    char buf[4096];
    DWORD total = 0, got;
    while (total < sizeof buf - 1 && ReadFile(rd, buf + total, sizeof buf - 1 - total, &got, NULL) && got > 0) {
        total += got;
    }
    buf[total] = 0;
    CloseHandle(rd);
    WaitForSingleObject(pi.hProcess, 30000);
    CloseHandle(pi.hProcess);
    CloseHandle(pi.hThread);
    return MultiByteToWideChar(CP_ACP, 0, buf, -1, out, (int) cap) > 0;
}

/*
 * Whether the java.exe at bin\java.exe under home (or java itself when home is NULL) is 17 or newer;
 * what it is goes into the notes either way. The javaw.exe beside it goes into javaw.
 */
static int usable(const wchar_t *where, const wchar_t *home, const wchar_t *java_exe, wchar_t *javaw) {
    wchar_t java[MAX_PATH], text[8192], version[64], line[MAX_PATH + 128];
    if (home != NULL) {
        _snwprintf(java, MAX_PATH, L"%ls\\bin\\java.exe", home);
    } else {
        wcsncpy(java, java_exe, MAX_PATH);
    }
    java[MAX_PATH - 1] = 0;
    if (GetFileAttributesW(java) == INVALID_FILE_ATTRIBUTES) {
        _snwprintf(line, sizeof line / sizeof *line, L"%ls: no %ls", where, java);
        line[sizeof line / sizeof *line - 1] = 0;
        note(line);
        return 0;
    }
    wchar_t release[MAX_PATH];
    int known = 0;
    if (home != NULL) {
        _snwprintf(release, MAX_PATH, L"%ls\\release", home);
        release[MAX_PATH - 1] = 0;
        known = read_text(release, text, 8192) && version_in(text, version, 64);
    }
    if (!known) {
        known = java_says(java, text, 8192) && version_in(text, version, 64);
    }
    int feature = known ? feature_of(version) : 0;
    if (known) {
        _snwprintf(line, sizeof line / sizeof *line, L"%ls: Java %d (%ls) at %ls", where, feature, version, java);
    } else {
        _snwprintf(line, sizeof line / sizeof *line, L"%ls: a java.exe whose version could not be read, at %ls", where, java);
    }
    line[sizeof line / sizeof *line - 1] = 0;
    note(line);
    if (feature < MIN_FEATURE) {
        return 0;
    }
    wcsncpy(javaw, java, MAX_PATH);
    wchar_t *name = wcsrchr(javaw, L'\\');
    if (name != NULL) {
        wcscpy(name + 1, L"javaw.exe");
        if (GetFileAttributesW(javaw) == INVALID_FILE_ATTRIBUTES) {
            wcscpy(name + 1, L"java.exe");
        }
    }
    return 1;
}

/* The JavaHome of the registry's current JDK or JRE entry under key (HKLM or HKCU). */
static int registry_home(HKEY root, const wchar_t *key, wchar_t *home) {
    wchar_t current[64], sub[256];
    DWORD size = sizeof current;
    if (RegGetValueW(root, key, L"CurrentVersion", RRF_RT_REG_SZ, NULL, current, &size) != ERROR_SUCCESS) {
        return 0;
    }
    _snwprintf(sub, 256, L"%ls\\%ls", key, current);
    sub[255] = 0;
    size = MAX_PATH * sizeof(wchar_t);
    return RegGetValueW(root, sub, L"JavaHome", RRF_RT_REG_SZ, NULL, home, &size) == ERROR_SUCCESS;
}

static int find_java(wchar_t *javaw) {
    wchar_t home[MAX_PATH], java[MAX_PATH];
    DWORD n = GetEnvironmentVariableW(L"JAVA_HOME", home, MAX_PATH);
    if (n > 0 && n < MAX_PATH) {
        if (usable(L"JAVA_HOME", home, NULL, javaw)) {
            return 1;
        }
    } else {
        note(L"JAVA_HOME: not set");
    }
    if (SearchPathW(NULL, L"java.exe", NULL, MAX_PATH, java, NULL) > 0) {
        if (usable(L"PATH", NULL, java, javaw)) {
            return 1;
        }
    } else {
        note(L"PATH: no java.exe");
    }
    static const wchar_t *keys[] = {L"SOFTWARE\\JavaSoft\\JDK", L"SOFTWARE\\JavaSoft\\JRE"};
    HKEY roots[] = {HKEY_LOCAL_MACHINE, HKEY_CURRENT_USER};
    int any = 0;
    for (int r = 0; r < 2; r++) {
        for (int k = 0; k < 2; k++) {
            if (registry_home(roots[r], keys[k], home)) {
                any = 1;
                if (usable(L"registry", home, NULL, javaw)) {
                    return 1;
                }
            }
        }
    }
    if (!any) {
        note(L"registry: no JavaSoft JDK or JRE entry");
    }
    return 0;
}

/* This program's command line less its own name: the arguments for the workbench, as typed. */
static const wchar_t *arguments(void) {
    const wchar_t *c = GetCommandLineW();
    if (*c == L'"') {
        c = wcschr(c + 1, L'"');
        c = c == NULL ? L"" : c + 1;
    } else {
        while (*c && *c != L' ' && *c != L'\t') {
            c++;
        }
    }
    while (*c == L' ' || *c == L'\t') {
        c++;
    }
    return c;
}

int WINAPI wWinMain(HINSTANCE instance, HINSTANCE previous, PWSTR unused, int show) {
    (void) instance;
    (void) previous;
    (void) unused;
    (void) show;
    wchar_t javaw[MAX_PATH], dir[MAX_PATH];
    if (!find_java(javaw)) {
        wchar_t msg[8192];
        _snwprintf(msg, sizeof msg / sizeof *msg, L"Tickbench needs Java %d or newer, and none was found.\n\n"
                L"Looked at:\n%ls\n" INSTALL_HINT, MIN_FEATURE, seen);
        msg[sizeof msg / sizeof *msg - 1] = 0;
        MessageBoxW(NULL, msg, L"Tickbench: Java 17 or newer needed", MB_OK | MB_ICONERROR);
        return 1;
    }
    DWORD n = GetModuleFileNameW(NULL, dir, MAX_PATH);
    if (n == 0 || n >= MAX_PATH) {
        MessageBoxW(NULL, L"Tickbench cannot tell where it is installed (its path is too long).", L"Tickbench", MB_OK | MB_ICONERROR);
        return 1;
    }
    *wcsrchr(dir, L'\\') = 0;
    size_t cap = wcslen(javaw) + wcslen(dir) + wcslen(arguments()) + 512;
    wchar_t *cmd = malloc(cap * sizeof *cmd);
    _snwprintf(cmd, cap, L"\"%ls\" %ls -cp \"%ls\\lib\\*\" " MAIN_CLASS L" %ls", javaw, JAVA_OPTS, dir, arguments());
    cmd[cap - 1] = 0;
    STARTUPINFOW si;
    ZeroMemory(&si, sizeof si);
    si.cb = sizeof si;
    PROCESS_INFORMATION pi;
    /* in the caller's folder: a capture named on the command line is found where it was typed */
    if (!CreateProcessW(NULL, cmd, NULL, NULL, FALSE, 0, NULL, NULL, &si, &pi)) {
        wchar_t msg[1024];
        _snwprintf(msg, 1024, L"Tickbench could not start %ls (Windows error %lu).", javaw, GetLastError());
        msg[1023] = 0;
        MessageBoxW(NULL, msg, L"Tickbench", MB_OK | MB_ICONERROR);
        return 1;
    }
    /* waits, so that a shortcut or a script sees the workbench's own exit status */
    WaitForSingleObject(pi.hProcess, INFINITE);
    DWORD status = 1;
    GetExitCodeProcess(pi.hProcess, &status);
    CloseHandle(pi.hProcess);
    CloseHandle(pi.hThread);
    free(cmd);
    return (int) status;
}
#endif
