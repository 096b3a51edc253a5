#!/usr/bin/env bash
# Checks the workbench bundles that jpackage/build.sh made (jpackage/bundles.sh) by their content, on
# this Linux machine: no macOS or Windows is at hand, so what can be proven here is proven here
# (docs/installers.md says what is not):
#   - each bundle holds only its own OS's native libraries: every native file, loose or in a jar, as
#     `file` reads it (Mach-O arm64 / x86_64; PE32+ x86-64; ELF x86-64);
#   - macOS: Info.plist parses (python3 plistlib) and names the launcher, which is there and executable,
#     and the icon, a well-formed .icns; the launcher passes shellcheck, and run here with stand-ins for
#     java and uname it takes java_home / JAVA_HOME / PATH in that order, refuses an old or missing Java
#     in plain words, and puts the JavaFX of the processor uname names on the class path;
#   - Windows: tickbench.exe is a PE32+ x86-64 GUI program importing only Windows' own DLLs, with its
#     icon, DPI-aware manifest and version; its version parsing passes its self-test (compiled for Linux);
#     tickbench.cmd has CRLF line endings;
#   - every OS's class path resolves: `jdeps --missing-deps` finds nothing the workbench's jar needs
#     missing from it, and every class of the workbench's jar and of that OS's JavaFX jars loads from it
#     (LoadClasses.java: supertypes resolved, nothing initialised);
#   - the portable Linux tarball runs `tickbench --help` from its own runtime;
#   - sizes, packed and unpacked.
# Nested archives are payload, not the bundle's natives: the Linux probe runtimes the workbench uploads
# to hosts without Java (tickbench-probe-runtime.jar) and the probe jar inside the workbench's jar.
# Ends with "N passed, N failed"; exits non-zero when anything failed.
# Usage: jpackage/check/bundles.sh    (after jpackage/build.sh; the test command runs it at verify)
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=$ROOT/jpackage/target
SRC=$ROOT/jpackage/bundles
VERSION=$(sed -n '0,/<artifactId>tickbench-parent<\/artifactId>/d; s:.*<version>\([^<]*\)</version>.*:\1:p' "$ROOT/pom.xml" \
  | head -1 | sed 's/-SNAPSHOT$//')
MAC=$OUT/tickbench-$VERSION-macos.tar.gz
WIN=$OUT/tickbench-$VERSION-windows-x64.zip
LINUX=$OUT/tickbench-$VERSION-linux-x64.tar.gz
pass() { echo "PASS $*"; }
fail() { echo "FAIL $*"; }
check() { # check WHAT COMMAND…: passes when the command succeeds
  local what=$1
  shift
  if "$@"; then pass "$what"; else fail "$what"; fi
}

for tool in file python3 shellcheck unzip gcc jdeps java x86_64-w64-mingw32-objdump; do
  command -v "$tool" >/dev/null || { echo "bundles.sh: '$tool' is missing (as root: .ci/test-deps.sh)" >&2; exit 1; }
done
WORK=$(mktemp -d /tmp/tickbench-bundles.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

# "path<TAB>what file says" for every native file under $1: loose files whose content is ELF, Mach-O or
# PE, and the native entries of every jar (extracted, then read by content).
natives() {
  local dir=$1 f entries jarcopy
  jarcopy=$(mktemp -d "$WORK/jar-natives.XXXXXX") # one per call: the three checks run side by side
  while IFS= read -r -d '' f; do
    case $f in
      *.jar)
        entries=$(unzip -Z1 "$f" 2>/dev/null | grep -E '\.(so|dylib|jnilib|dll|a|exe)$' || true)
        [[ -n $entries ]] || continue
        rm -rf "$jarcopy" && mkdir -p "$jarcopy"
        # shellcheck disable=SC2086  # entries are jar paths without spaces, one argument each
        unzip -qq -o "$f" $entries -d "$jarcopy"
        while IFS= read -r -d '' n; do
          printf '%s!%s\t%s\n' "${f#"$dir"/}" "${n#"$jarcopy"/}" "$(file -b "$n")"
        done < <(find "$jarcopy" -type f -print0)
        ;;
      *)
        local what
        what=$(file -b "$f")
        case $what in ELF* | Mach-O* | PE32*) printf '%s\t%s\n' "${f#"$dir"/}" "$what" ;; esac
        ;;
    esac
  done < <(find "$dir" -type f -print0)
}

# natives_only NAME LIST PATTERN: every line of LIST (natives' output) matches PATTERN (an ERE on `file`'s words)
natives_only() {
  local name=$1 list=$2 pattern=$3 bad count
  count=$(grep -c . <<<"$list")
  bad=$(awk -F'\t' -v p="$pattern" '$2 !~ p' <<<"$list")
  if [[ -z $bad && $count -gt 0 ]]; then
    pass "$name: $count native files, all $(awk -F'\t' '{print $2}' <<<"$list" | grep -oE "$pattern" | sort | uniq -c \
      | sed 's/^ *\([0-9]*\) \(.*\)/\2 ×\1/' | paste -sd, - | sed 's/,/, /g')"
  else
    fail "$name: native files not of this OS (or none at all: $count):"$'\n'"$bad"
  fi
}

# unpack WHAT ARCHIVE DIR COMMAND…: COMMAND unpacks ARCHIVE into DIR (made here); a failure when it cannot
unpack() {
  local what=$1 archive=$2 dir=$3
  shift 3
  mkdir -p "$dir"
  [[ -f $archive ]] || { fail "$what bundle missing: $archive"; return 1; }
  "$@" || { fail "$what bundle does not unpack"; return 1; }
}

sizes() { # sizes NAME ARCHIVE DIR
  printf 'SIZE %-34s %6s packed, %6s unpacked\n' "$1" "$(du -h "$2" | cut -f1)" "$(du -sh "$3" | cut -f1)"
}

# A class path set resolves: nothing the workbench's jar uses is missing from it (jdeps), and every class
# of the workbench's jar and of the OS's JavaFX jars loads from it (LoadClasses.java; `java --dry-run`
# would not do: it loads the main class only, and passes without JavaFX at all).
class_path_resolves() { # NAME CP APPJAR FXJAR…
  local name=$1 cp=$2 missing out
  shift 2
  missing=$(jdeps --missing-deps --multi-release 17 -cp "$cp" "$1" 2>&1)
  if [[ -n $missing ]]; then
    fail "$name: class path misses what the workbench uses:"$'\n'"$(head -20 <<<"$missing")"
  else
    pass "$name: jdeps --missing-deps finds nothing missing for $(basename "$1")"
  fi
  if out=$(java -cp "$cp" "$ROOT/jpackage/check/LoadClasses.java" "$@" 2>&1); then
    pass "$name: $(tail -1 <<<"$out") (the workbench's and JavaFX's)"
  else
    fail "$name: $(tail -20 <<<"$out")"
  fi
}

# ------------------------------------------------------------------------------------------------- macOS
check_mac() {
  local dir=$WORK/mac app list
  unpack macOS "$MAC" "$dir" tar -xzf "$MAC" -C "$dir" || return
  app=$dir/Tickbench.app
  sizes "$(basename "$MAC")" "$MAC" "$app"
  list=$(natives "$app")
  natives_only "macOS" "$list" 'Mach-O 64-bit [a-z ]*(arm64|x86_64)'
  natives_only "macOS lib/mac-aarch64 (Apple silicon)" "$(grep '^Contents/Resources/lib/mac-aarch64/' <<<"$list")" 'Mach-O 64-bit [a-z ]*arm64'
  natives_only "macOS lib/mac (Intel)" "$(grep '^Contents/Resources/lib/mac/' <<<"$list")" 'Mach-O 64-bit [a-z ]*x86_64'
  local plist
  if plist=$(python3 - "$app" "$VERSION" <<'EOF'
import os, plistlib, stat, struct, sys
app, version = sys.argv[1], sys.argv[2]
with open(os.path.join(app, "Contents/Info.plist"), "rb") as f:
    p = plistlib.load(f)
exe = os.path.join(app, "Contents/MacOS", p["CFBundleExecutable"])
assert os.path.isfile(exe) and os.stat(exe).st_mode & stat.S_IXUSR, "CFBundleExecutable %s is no executable file" % exe
assert p["CFBundlePackageType"] == "APPL" and p["CFBundleName"] == "Tickbench", p
assert p["CFBundleShortVersionString"] == version, (p["CFBundleShortVersionString"], version)
assert open(os.path.join(app, "Contents/PkgInfo")).read() == "APPL????"
icns = open(os.path.join(app, "Contents/Resources", p["CFBundleIconFile"]), "rb").read()
assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns), "not an icns container"
sizes = {"icp4": 16, "ic11": 32, "icp5": 32, "ic12": 64, "icp6": 64, "ic07": 128, "ic08": 256, "ic13": 256,
         "ic09": 512, "ic14": 512, "ic10": 1024}
at, seen = 8, []
while at < len(icns):
    kind, length = icns[at:at + 4].decode(), struct.unpack(">I", icns[at + 4:at + 8])[0]
    png = icns[at + 8:at + length]
    assert png[:8] == b"\x89PNG\r\n\x1a\n", kind + " holds no PNG"
    w, h = struct.unpack(">II", png[16:24])
    assert (w, h) == (sizes[kind], sizes[kind]), "%s is %dx%d" % (kind, w, h)
    seen.append(kind)
    at += length
assert at == len(icns) and set(seen) == set(sizes), seen
print("executable %s, version %s, icon %s with %d PNG sizes up to 1024" % (p["CFBundleExecutable"],
      p["CFBundleShortVersionString"], p["CFBundleIconFile"], len(seen)))
EOF
  ); then pass "macOS Info.plist parses: $plist"; else fail "macOS Info.plist / icon: $plist"; fi
  check "macOS launcher passes shellcheck" shellcheck "$app/Contents/MacOS/tickbench"
  check_mac_launcher "$app"
  local common=$app/Contents/Resources/lib/common appjar
  appjar=$(compgen -G "$common/app-*.jar" | head -1)
  class_path_resolves "macOS arm64 class path" "$app/Contents/Resources/lib/mac-aarch64/*:$common/*" "$appjar" \
    "$app"/Contents/Resources/lib/mac-aarch64/*.jar
  class_path_resolves "macOS x86_64 class path" "$app/Contents/Resources/lib/mac/*:$common/*" "$appjar" \
    "$app"/Contents/Resources/lib/mac/*.jar
}

# The real launcher, run here by bash with stand-ins for java (saying a version, or its arguments) and
# uname (saying a Mac's processor); no /usr/libexec/java_home exists here, so the next places are tried.
check_mac_launcher() {
  local app=$1 bin=$WORK/mac-bin home=$WORK/fake-jdk out status tool
  mkdir -p "$bin" "$home/bin"
  for tool in dirname sed head; do ln -sf "$(command -v "$tool")" "$bin/$tool"; done
  # shellcheck disable=SC2016  # the stand-ins' own $1 and $@, expanded when they run
  fake_java() { # fake_java FILE VERSION: says VERSION to -version, its arguments otherwise
    printf '#!/bin/sh\nif [ "$1" = -version ]; then echo "openjdk version \\"%s\\" 2024-01-16" >&2; exit 0; fi\nprintf "%%s\\n" "$@"\n' "$2" >"$1"
    chmod 755 "$1"
  }
  # shellcheck disable=SC2016
  printf '#!/bin/sh\necho "$FAKE_ARCH"\n' >"$bin/uname" && chmod 755 "$bin/uname"
  out=$(env -i PATH="$bin" FAKE_ARCH=arm64 /bin/bash "$app/Contents/MacOS/tickbench" 2>&1)
  status=$?
  if ((status == 1)) && [[ $out == *"Tickbench needs Java 17 or newer, and none was found."* && $out == *"PATH: no java"* \
    && $out == *"JAVA_HOME: not set"* && $out == *"brew install --cask temurin@21"* ]]; then
    pass "macOS launcher without Java: exit 1, says so, says where it looked and how to install one"
  else
    fail "macOS launcher without Java (exit $status): $out"
  fi
  fake_java "$bin/java" 11.0.22
  out=$(env -i PATH="$bin" FAKE_ARCH=arm64 /bin/bash "$app/Contents/MacOS/tickbench" 2>&1)
  status=$?
  if ((status == 1)) && [[ $out == *"PATH: Java 11 at $bin/java"* ]]; then
    pass "macOS launcher with only Java 11: exit 1, names it"
  else
    fail "macOS launcher with Java 11 (exit $status): $out"
  fi
  fake_java "$home/bin/java" 17.0.10
  local arch dir
  for arch in arm64:mac-aarch64 x86_64:mac; do
    dir=${arch#*:}
    out=$(env -i PATH="$bin" JAVA_HOME="$home" FAKE_ARCH="${arch%%:*}" /bin/bash "$app/Contents/MacOS/tickbench" --rate 50 2>&1)
    status=$?
    if ((status == 0)) && grep -qxF -- "-cp" <<<"$out" \
      && grep -qxF -- "$app/Contents/Resources/lib/$dir/*:$app/Contents/Resources/lib/common/*" <<<"$out" \
      && grep -qxF -- "-Xdock:name=Tickbench" <<<"$out" && [[ $(tail -3 <<<"$out" | paste -sd' ') == "dev.tickbench.app.Launcher --rate 50" ]]; then
      pass "macOS launcher on ${arch%%:*}: JAVA_HOME's Java 17 over PATH's 11, lib/$dir on the class path, arguments passed"
    else
      fail "macOS launcher on ${arch%%:*} (exit $status): $out"
    fi
  done
}

# ----------------------------------------------------------------------------------------------- Windows
check_windows() {
  local dir=$WORK/win top list what imports
  unpack Windows "$WIN" "$dir" unzip -qq "$WIN" -d "$dir" || return
  top=$dir/Tickbench
  sizes "$(basename "$WIN")" "$WIN" "$top"
  list=$(natives "$top")
  natives_only "Windows" "$list" 'PE32\+ executable [^ ]* ?(\(DLL\) )?(\([A-Za-z]*\) )?x86-64'
  what=$(file -b "$top/tickbench.exe")
  if [[ $what == "PE32+ executable (GUI) x86-64"* ]]; then pass "tickbench.exe: $what"; else fail "tickbench.exe: $what"; fi
  imports=$(x86_64-w64-mingw32-objdump -p "$top/tickbench.exe" | sed -n 's/.*DLL Name: //p' | tr '[:lower:]' '[:upper:]' | sort | paste -sd' ')
  if [[ $imports == "ADVAPI32.DLL KERNEL32.DLL MSVCRT.DLL USER32.DLL" ]]; then
    pass "tickbench.exe imports only Windows' own DLLs: $imports"
  else
    fail "tickbench.exe imports $imports (expected ADVAPI32 KERNEL32 MSVCRT USER32 only)"
  fi
  if grep -q "PerMonitorV2" "$top/tickbench.exe" && grep -qa "FileDescription" <(tr -d '\0' <"$top/tickbench.exe") \
    && x86_64-w64-mingw32-objdump -h "$top/tickbench.exe" | grep -q '\.rsrc'; then
    pass "tickbench.exe carries its resources: icon, DPI-aware manifest, version"
  else
    fail "tickbench.exe lacks its resources (.rsrc, the manifest's PerMonitorV2, the version)"
  fi
  local selftest=$WORK/version-selftest
  if gcc -DVERSION_SELFTEST -Wall -Werror "$SRC/windows/tickbench.c" -o "$selftest" && what=$("$selftest"); then
    pass "tickbench.exe's Java version parsing, compiled for Linux: $what"
  else
    fail "tickbench.exe's Java version parsing: $what"
  fi
  local lines crlf
  lines=$(wc -l <"$top/tickbench.cmd")
  crlf=$(grep -c $'\r$' "$top/tickbench.cmd")
  if ((lines > 0 && lines == crlf)); then pass "tickbench.cmd: $lines lines, all CRLF"; else fail "tickbench.cmd: $crlf of $lines lines CRLF"; fi
  local appjar
  appjar=$(compgen -G "$top/lib/app-*.jar" | head -1)
  class_path_resolves "Windows class path (lib\\*)" "$top/lib/*" "$appjar" "$top"/lib/javafx-*-win.jar
}

# --------------------------------------------------------------------------------------- portable Linux
check_linux() {
  local dir=$WORK/linux top list out
  unpack "portable Linux" "$LINUX" "$dir" tar -xzf "$LINUX" -C "$dir" || return
  top=$dir/tickbench
  sizes "$(basename "$LINUX")" "$LINUX" "$top"
  list=$(natives "$top")
  natives_only "portable Linux" "$list" 'ELF 64-bit LSB [a-z ]*, x86-64'
  if [[ -e $top/lib/app/tickbench.jsa ]]; then fail "portable Linux carries a class-data archive made for another path"; else
    pass "portable Linux carries no class-data archive (one serves only the path it was made at)"; fi
  if out=$(env -i PATH=/usr/bin:/bin HOME="$WORK" "$top/bin/tickbench" --help 2>&1) && [[ $out == usage:* ]]; then
    pass "portable Linux: bin/tickbench --help runs from its own runtime, unpacked elsewhere"
  else
    fail "portable Linux: bin/tickbench --help: $out"
  fi
  local appjar
  appjar=$(compgen -G "$top/lib/app/app-*.jar" | head -1)
  class_path_resolves "portable Linux class path" "$top/lib/app/*" "$appjar" "$top"/lib/app/javafx-*-linux.jar
}

echo "checking the bundles of Tickbench $VERSION in $OUT"
# the three side by side (each waits on unzip, file and a JVM in turn), their lines printed in order
for os in mac windows linux; do
  ("check_$os" >"$WORK/$os.out" 2>&1) &
done
wait
cat "$WORK"/{mac,windows,linux}.out
passed=$(cat "$WORK"/{mac,windows,linux}.out | grep -c '^PASS')
failed=$(cat "$WORK"/{mac,windows,linux}.out | grep -c '^FAIL')
echo "$passed passed, $failed failed"
((failed == 0))
