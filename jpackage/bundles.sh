# shellcheck shell=bash
# The workbench for every laptop, sourced by jpackage/build.sh (its variables: ROOT, OUT, VERSION, step,
# die) and built on this Linux machine (jpackage/README.md, "Bundles for macOS, Windows and portable Linux"):
#   tickbench-<v>-macos.tar.gz        Tickbench.app: Info.plist, an .icns icon, a bash launcher that finds
#                                     the user's Java 17+ and takes the JavaFX of this Mac's processor
#   tickbench-<v>-windows-x64.zip     Tickbench\tickbench.exe (MinGW-w64, finds Java 17+), tickbench.cmd
#   tickbench-<v>-linux-x64.tar.gz    the app image (its own runtime: no Java needed), unpacked anywhere
# No other OS's JDK can be had here, so the macOS and Windows bundles run on the user's Java; JavaFX comes
# from Maven Central's per-platform jars (app/pom.xml copies them to app/target/platform-jars/). Each bundle
# holds only its own OS's native libraries: JNA's jar, which carries every platform's, is cut down to
# them (jna_for). jpackage/check/bundles.sh checks the bundles by content.

BUNDLES_SRC=$ROOT/jpackage/bundles
PLATFORM_JARS=$ROOT/app/target/platform-jars
ICON_SOURCE=$ROOT/assets/icons/tickbench-1024.png

# The tools, checked with build.sh's others before anything is built.
check_bundle_tools() {
  local missing=() cmd
  for cmd in x86_64-w64-mingw32-gcc:gcc-mingw-w64-x86-64 x86_64-w64-mingw32-windres:binutils-mingw-w64-x86-64 zip:zip; do
    command -v "${cmd%%:*}" >/dev/null || missing+=("${cmd#*:}")
  done
  ((${#missing[@]} == 0)) || die "missing Debian packages: ${missing[*]} (as root: .ci/test-deps.sh, or: sudo apt-get install ${missing[*]})"
  [[ -f $ICON_SOURCE ]] || die "icon missing: $ICON_SOURCE"
}

# What Maven made for them: the other desktops' JavaFX jars.
check_platform_jars() {
  local p
  for p in mac mac-aarch64 win; do
    compgen -G "$PLATFORM_JARS/$p/javafx-graphics-*-$p.jar" >/dev/null \
      || die "no JavaFX jars for $p in $PLATFORM_JARS/$p (app/pom.xml's other-desktops-javafx; run without --no-maven)"
  done
}

# A copy of JNA's jar in directory $1 that keeps only the natives of the platforms $2… (com/sun/jna/<platform>/).
jna_for() {
  local dest=$1 jar drop=() dir
  shift
  jar=$(compgen -G "$ROOT/app/target/dependency/jna-*.jar" | head -1)
  [[ -n $jar ]] || return 0
  cp "$jar" "$dest/"
  for dir in $(unzip -Z1 "$jar" 'com/sun/jna/*/*' 2>/dev/null | grep -E '\.(so|a|dll|jnilib|dylib)$' | cut -d/ -f4 | sort -u); do
    [[ " $* " == *" $dir "* ]] || drop+=("com/sun/jna/$dir/*")
  done
  if ((${#drop[@]})); then zip -q -d "$dest/$(basename "$jar")" "${drop[@]}"; fi
}

# The jars every desktop runs (the app, its libraries, the probe runtimes it uploads to Linux hosts),
# into $1, without JavaFX (each desktop has its own) and without JNA (jna_for).
common_jars() {
  local dest=$1 input=$2 jar name
  mkdir -p "$dest"
  for jar in "$input"/*.jar; do
    name=$(basename "$jar")
    case $name in
      javafx-*.jar | jna-*.jar) ;;
      *) cp "$jar" "$dest/" ;;
    esac
  done
}

# $1: the app's class path as jpackage got it (app/target/dependency, the app jar, the probe runtimes).
build_desktop_bundles() {
  local input=$1 icons=$OUT/bundle-icons
  check_platform_jars
  rm -rf "$icons" && mkdir -p "$icons"
  step "bundles: icons (.icns, .ico) from $(basename "$ICON_SOURCE")"
  java -Djava.awt.headless=true "$BUNDLES_SRC/IconFiles.java" "$ICON_SOURCE" "$icons/tickbench.icns" "$icons/tickbench.ico" \
    || die "the icons could not be made"
  build_mac_bundle "$input" "$icons"
  build_windows_bundle "$input" "$icons"
  rm -rf "$icons"
}

build_mac_bundle() {
  local input=$1 icons=$2 stage=$OUT/bundle-macos app p
  step "bundles: macOS Tickbench.app (arm64 and x86_64 JavaFX, the user's Java 17+)"
  rm -rf "$stage" && app=$stage/Tickbench.app && mkdir -p "$app/Contents/MacOS" "$app/Contents/Resources/lib"
  sed "s/@VERSION@/$VERSION/g" "$BUNDLES_SRC/mac/Info.plist" >"$app/Contents/Info.plist"
  printf 'APPL????' >"$app/Contents/PkgInfo"
  install -m 755 "$BUNDLES_SRC/mac/tickbench" "$app/Contents/MacOS/tickbench"
  cp "$icons/tickbench.icns" "$app/Contents/Resources/"
  common_jars "$app/Contents/Resources/lib/common" "$input"
  jna_for "$app/Contents/Resources/lib/common" darwin-aarch64 darwin-x86-64
  for p in mac mac-aarch64; do
    mkdir -p "$app/Contents/Resources/lib/$p" && cp "$PLATFORM_JARS/$p"/*.jar "$app/Contents/Resources/lib/$p/"
  done
  archive_tar "$stage" Tickbench.app "$OUT/tickbench-$VERSION-macos.tar.gz"
  rm -rf "$stage"
}

build_windows_bundle() {
  local input=$1 icons=$2 stage=$OUT/bundle-windows dir build commas
  step "bundles: Windows x64 tickbench.exe (MinGW-w64) and tickbench.cmd (the user's Java 17+)"
  rm -rf "$stage" && dir=$stage/Tickbench && build=$stage/build && mkdir -p "$dir/lib" "$build"
  # the resources: icon, manifest (DPI-aware), version (four numbers: 0.1.0 -> 0,1,0,0)
  cp "$BUNDLES_SRC/windows/tickbench.rc" "$BUNDLES_SRC/windows/tickbench.exe.manifest" "$icons/tickbench.ico" "$build/"
  commas=$(echo "$VERSION.0.0.0" | cut -d. -f1-4 | tr . ,)
  (cd "$build" && x86_64-w64-mingw32-windres "-DTICKBENCH_VERSION=\\\"$VERSION\\\"" "-DTICKBENCH_VERSION_COMMAS=$commas" \
    tickbench.rc -O coff -o tickbench.res) || die "windres could not build the launcher's resources"
  x86_64-w64-mingw32-gcc -municode -mwindows -O2 -s -Wall -Wextra -Werror "$BUNDLES_SRC/windows/tickbench.c" \
    "$build/tickbench.res" -o "$dir/tickbench.exe" || die "the Windows launcher did not compile"
  # cmd.exe wants CRLF: with bare LF its labels (goto) can be missed
  sed 's/\r*$/\r/' "$BUNDLES_SRC/windows/tickbench.cmd" >"$dir/tickbench.cmd"
  common_jars "$dir/lib" "$input"
  jna_for "$dir/lib" win32-x86-64
  cp "$PLATFORM_JARS/win"/*.jar "$dir/lib/"
  rm -rf "$build"
  local zip=$OUT/tickbench-$VERSION-windows-x64.zip
  rm -f "$zip.part"
  (cd "$stage" && TZ=UTC zip -q -r -X "$zip.part" Tickbench) || die "zip failed"
  mv -f "$zip.part" "$zip"
  rm -rf "$stage"
}

# The app image (its own trimmed runtime) as a tarball that runs wherever it is unpacked: before the
# class-data archive is made for jpackage/target's path (an archive only serves the path it was made at).
build_linux_portable() {
  step "bundles: portable Linux tarball of the app image (its own runtime)"
  archive_tar "$OUT/app" tickbench "$OUT/tickbench-$VERSION-linux-x64.tar.gz"
}

# $1 directory, $2 the entry in it, $3 the .tar.gz: owned by root, sorted, written aside and renamed.
archive_tar() {
  rm -f "$3.part"
  tar -C "$1" --owner=0 --group=0 --numeric-owner --sort=name --use-compress-program="gzip -${BUNDLE_GZIP_LEVEL:-6}" \
    -cf "$3.part" "$2" || die "tar of $2 failed"
  mv -f "$3.part" "$3"
}
