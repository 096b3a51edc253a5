#!/usr/bin/env bash
# Builds the Tickbench packages into jpackage/target/ (see jpackage/README.md):
#   app/tickbench/                                the desktop app image (jpackage, trimmed runtime)
#   tickbench_<v>-1_amd64.deb                     the desktop package (jpackage --type deb)
#   probe/tickbench-probe/                        the probe with its own jlinked runtime
#   tickbench-probe-runtime-linux-x64.tar.gz      that directory as a tarball (the GUI uploads it)
#   tickbench-probe_<v>_amd64.deb                 the probe package (dpkg-deb), with the systemd unit
# Usage: jpackage/build.sh [--no-maven] [--probe-only] [--reproducible-runtime]
#   --no-maven reuses the jars of the last Maven build; --probe-only builds probe/tickbench-probe/ only
#   (what jpackage/image/build-image.sh puts into the container image); --reproducible-runtime makes
#   the probe runtime byte-identical from run to run (costs ~5 MB RSS; see build_probe_image)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/jpackage/target
UNIT=$ROOT/remote-probe/deploy/tickbench-probe.service
ICON=$ROOT/assets/icons/tickbench-256.png
PROBE_RESOURCE=probe/tickbench-probe-runtime-linux-x64.tar.gz   # where the app looks on its class path
MAINTAINER_EMAIL=tickbench@users.noreply.github.com
MAINTAINER="Tickbench developers <$MAINTAINER_EMAIL>"
# Both runtimes: the SSH key exchanges and signatures (ECDH, X25519, ECDSA, Ed25519) come from the
# SunEC provider, which java.security names and nobody imports, so jdeps cannot see it.
PROVIDER_MODULES=jdk.crypto.ec
# The probe's JVM flags, each measured with jpackage/measure-probe.sh (VmRSS at 10 Hz after 12 s):
# serial GC and a 32 MB cap (G1's default heap sizing is far above what the probe needs); C1 only (-5 MB); a small initial heap (-6 MB: the young
# generation is not touched up front); no hsperfdata file (-1 MB). More via TICKBENCH_PROBE_JAVA_OPTS.
PROBE_JAVA_OPTS="-XX:+UseSerialGC -Xms8m -Xmx32m -XX:-UsePerfData"

maven=true
probe_only=false
reproducible_runtime=false
for arg in "$@"; do
  case $arg in
    --no-maven) maven=false ;;
    --probe-only) probe_only=true ;;
    --reproducible-runtime) reproducible_runtime=true ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "build.sh: unknown argument '$arg' (--no-maven, --probe-only, --reproducible-runtime)" >&2; exit 2 ;;
  esac
done

die() { echo "build.sh: $*" >&2; exit 1; }
step() { echo "== [${SECONDS}s] $*" >&2; }

# ---------------------------------------------------------------------------------------------
# Prerequisites: a JDK 17 with jmods (jpackage, jlink, jdeps, jar), Maven, and the Debian tools
# jpackage's deb type and this script call. Missing Debian packages are installed when root.
check_prerequisites() {
  local missing=() cmd
  for cmd in fakeroot:fakeroot dpkg-deb:dpkg strip:binutils readelf:binutils unzip:unzip; do
    command -v "${cmd%%:*}" >/dev/null || missing+=("${cmd#*:}")
  done
  if ((${#missing[@]})); then
    mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
    if [[ $(id -u) -ne 0 ]]; then
      die "missing Debian packages: ${missing[*]} (run as root, or: sudo apt-get install ${missing[*]})"
    fi
    step "installing ${missing[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
  fi
  for cmd in java jpackage jlink jdeps jar mvn; do
    command -v "$cmd" >/dev/null || die "'$cmd' not found: install a JDK 17 with jmods (Debian: openjdk-17-jdk) and maven"
  done
  local feature
  feature=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
  [[ $feature == 17 ]] || die "need JDK 17 (the project's release), found java.specification.version=$feature"
  JMODS=$(dirname "$(dirname "$(readlink -f "$(command -v jlink)")")")/jmods
  [[ -f $JMODS/java.base.jmod ]] || die "no jmods beside jlink ($JMODS): install openjdk-17-jdk (not only -headless)"
  [[ $(uname -m) == x86_64 ]] || die "builds x86-64 packages (the probe tarball is linux-x64); this is $(uname -m)"
  [[ -f $ICON ]] || die "icon missing: $ICON"
  [[ -f $UNIT ]] || die "systemd unit missing: $UNIT (the probe .deb installs it; it comes with the 'serve' work on remote-probe/deploy/)"
}

# Version of the parent pom, without -SNAPSHOT: jpackage and dpkg want a plain dotted number.
project_version() {
  sed -n '0,/<artifactId>tickbench-parent<\/artifactId>/d; s:.*<version>\([^<]*\)</version>.*:\1:p' "$ROOT/pom.xml" \
    | head -1 | sed 's/-SNAPSHOT$//'
}

# ---------------------------------------------------------------------------------------------
# The JDK modules a class path needs, measured with jdeps per archive. A module that an archive's
# own module-info declares `requires static` is optional by that library's design and is dropped
# for references from that archive only (Jackson: java.desktop, java.sql, java.xml; JavaFX: jdk.jfr).
# Arguments: archives (jars or class directories).
jdk_modules() {
  local jdk_modules all_cp archive name mod
  jdk_modules=$(java --list-modules | sed 's/@.*//')
  all_cp=$(IFS=:; echo "$*")
  declare -A by_name=() optional=()
  local descriptor
  for archive in "$@"; do
    # jdeps names an explicit module by its module name, anything else by its file name
    name=$(basename "$archive")
    descriptor=
    if [[ -f $archive ]]; then
      descriptor=$(jar --describe-module --file "$archive" --release 17 2>/dev/null || true)
      if [[ $descriptor != *"No module descriptor found"* ]]; then
        name=$(awk 'NF {sub(/@.*/, "", $1); print $1; exit}' <<<"$descriptor")
      fi
    fi
    by_name[$name]=$archive
    optional[$name]=$(awk '$1 == "requires" && / static/ {printf " %s ", $2}' <<<"$descriptor")
    # JNA has no module-info; it reaches java.desktop only for AWT window handles, never for libc calls
    if [[ $name == jna-*.jar ]]; then optional[$name]+=" java.desktop "; fi
  done
  jdeps -s --multi-release 17 --ignore-missing-deps -cp "$all_cp" "$@" 2>/dev/null \
    | while read -r name _ mod; do
        [[ -n ${by_name[$name]:-} ]] || continue
        grep -qx "$mod" <<<"$jdk_modules" || continue
        [[ ${optional[$name]:-} == *" $mod "* ]] && continue
        echo "$mod"
      done | sort -u | paste -sd, -
}

# ---------------------------------------------------------------------------------------------
build_jars() {
  if $maven && $probe_only; then
    step "maven: remote-probe with its runtime dependencies"
    rm -rf "$ROOT/remote-probe/target/dependency"
    (cd "$ROOT" && mvn -B -q -pl remote-probe -am package -DskipTests)
  elif $maven; then
    step "maven: app and remote-probe with their runtime dependencies"
    rm -rf "$ROOT/app/target/dependency" "$ROOT/remote-probe/target/dependency"
    (cd "$ROOT" && mvn -B -q -pl app,remote-probe -am package dependency:copy-dependencies \
      -DincludeScope=runtime -DskipTests)
  fi
  PROBE_JAR=$ROOT/remote-probe/target/tickbench-probe.jar
  [[ -f $PROBE_JAR ]] || die "no $PROBE_JAR (run without --no-maven)"
  [[ -d $ROOT/remote-probe/target/dependency ]] || die "no remote-probe/target/dependency (run without --no-maven)"
  $probe_only && return
  APP_JAR=
  local jar
  for jar in "$ROOT"/app/target/app-*.jar; do
    [[ $jar == *-sources.jar || $jar == *-tests.jar ]] || APP_JAR=$jar
  done
  [[ -n $APP_JAR && -f $APP_JAR ]] || die "no app jar under app/target (run without --no-maven)"
  [[ -d $ROOT/app/target/dependency ]] || die "no app/target/dependency (run without --no-maven)"
}

# ---------------------------------------------------------------------------------------------
# The probe: jlinked runtime + shaded jar + a sh launcher, one directory that works wherever it is
# unpacked (the GUI uploads it as a tarball; the .deb puts it under /opt/tickbench-probe).
build_probe_image() {
  local home=$OUT/probe/tickbench-probe modules
  step "probe: modules (jdeps)"
  if ! modules=$(jdk_modules "$ROOT/remote-probe/target/classes" "$ROOT"/remote-probe/target/dependency/*.jar) \
    || [[ -z $modules ]]; then
    die "jdeps found no modules for the probe (remote-probe/target/classes)"
  fi
  PROBE_MODULES=$modules,$PROVIDER_MODULES
  echo "   $PROBE_MODULES" >&2
  rm -rf "$OUT/probe" && mkdir -p "$home/bin" "$home/lib"
  step "probe: jlink"
  # No --compress: a compressed module image saves 11 MB on disk but costs 6 MB of RSS on every
  # target (resources are inflated into memory); the .deb (xz) and the tarball (gzip) compress anyway.
  # JDK 17's system-modules plugin (a class that pre-resolves the module graph) lays out its
  # deduplicated sets in an order that changes from run to run (JDK-8392531, fixed after 17), so
  # lib/modules differs on every build. Without the plugin the runtime resolves the graph at start:
  # byte-identical output, ~5 MB more RSS (measured: 55 vs 61 MB, stream at 10 Hz). The container
  # image needs the former (same sources, same digest); the .deb and tarball keep the plugin.
  local jlink_extra=()
  $reproducible_runtime && jlink_extra=(--disable-plugin system-modules)
  jlink --module-path "$JMODS" --add-modules "$PROBE_MODULES" "${jlink_extra[@]}" \
    --strip-debug --no-header-files --no-man-pages --output "$home/runtime"
  # Debian's JDK ships its native libraries with symbol tables: dropping them saves ~4 MB.
  find "$home/runtime" -name '*.so' -exec strip --strip-unneeded {} +
  cp "$PROBE_JAR" "$home/lib/tickbench-probe.jar"
  cat >"$home/bin/tickbench-probe" <<EOF
#!/bin/sh
# tickbench-probe with its own Java runtime: no JDK needed on this host.
# Extra JVM flags: TICKBENCH_PROBE_JAVA_OPTS (e.g. -Xmx64m).
self=\$(readlink -f "\$0") || self=\$0
home=\$(cd "\$(dirname "\$self")/.." && pwd)
# shellcheck disable=SC2086  # the options are words on purpose
exec "\$home/runtime/bin/java" $PROBE_JAVA_OPTS \${TICKBENCH_PROBE_JAVA_OPTS:-} -jar "\$home/lib/tickbench-probe.jar" "\$@"
EOF
  chmod 755 "$home/bin/tickbench-probe"
  mkdir -p "$home/systemd" && cp "$UNIT" "$home/systemd/"
  # A missing module shows up here, at build time, rather than on a customer's router.
  "$home/bin/tickbench-probe" capabilities >/dev/null \
    || die "the jlinked probe does not run 'capabilities' (modules: $PROBE_MODULES)"

  $probe_only && return # the tarball is for the app and the .deb, not for the image
  step "probe: runtime tarball"
  tar -C "$OUT/probe" --owner=0 --group=0 --numeric-owner --sort=name \
    -czf "$OUT/tickbench-probe-runtime-linux-x64.tar.gz" tickbench-probe
}

# Debian packages of the shared libraries that ELF files need directly (readelf NEEDED), looked up
# on this build machine; libraries the files provide themselves (libjvm.so…) are skipped.
# Arguments: ELF files. Prints "pkg1, pkg2, …".
lib_packages() {
  local own needed lib path owner pkgs=()
  own=$(for f in "$@"; do basename "$f"; done | sort -u)
  needed=$(readelf -d "$@" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort -u)
  for lib in $needed; do
    grep -qx "$lib" <<<"$own" && continue
    path=$(ldconfig -p | awk -v n="$lib" '$1 == n && /x86-64/ {print $NF; exit}')
    [[ -n $path ]] || die "$lib (needed by the packaged native code) is not installed on this build machine"
    owner=$(dpkg -S "$(readlink -f "$path")" 2>/dev/null || dpkg -S "$path" 2>/dev/null) \
      || die "no Debian package owns $path ($lib)"
    pkgs+=("${owner%%:*}")
  done
  printf '%s\n' "${pkgs[@]}" | sort -u | paste -sd, - | sed 's/,/, /g'
}

probe_depends() {
  local files
  mapfile -t files < <(find "$OUT/probe/tickbench-probe/runtime" -type f \( -name '*.so' -o -path '*/bin/*' \))
  lib_packages "${files[@]}"
}

# JavaFX carries its natives inside its jars and loads them (and through them GTK, GL, XTST) at run
# time, where jpackage's dependency scan cannot see them: read them out of the class path instead.
app_native_depends() {
  local input=$1 natives=$OUT/app-natives jar
  rm -rf "$natives" && mkdir -p "$natives"
  for jar in "$input"/*.jar; do
    unzip -qq -o -j "$jar" '*.so' -d "$natives" 2>/dev/null || true
  done
  shopt -s nullglob
  local files=("$natives"/*.so)
  shopt -u nullglob
  if ((${#files[@]})); then lib_packages "${files[@]}"; fi
  rm -rf "$natives"
}

# dpkg-deb rather than jpackage --type deb: the probe is a directory with a sh launcher (the same
# one the GUI uploads to hosts without dpkg), plus a systemd unit outside /opt and a /usr/bin link,
# none of which jpackage's deb layout (native launcher, lib/app, lib/runtime) can express.
build_probe_deb() {
  local stage=$OUT/deb-probe deb depends size
  step "probe: .deb"
  rm -rf "$stage" && mkdir -p "$stage/DEBIAN" "$stage/opt" "$stage/usr/bin" "$stage/lib/systemd/system"
  cp -a "$OUT/probe/tickbench-probe" "$stage/opt/"
  rm -rf "$stage/opt/tickbench-probe/systemd"
  ln -s /opt/tickbench-probe/bin/tickbench-probe "$stage/usr/bin/tickbench-probe"
  install -m 644 "$UNIT" "$stage/lib/systemd/system/tickbench-probe.service"
  depends=$(probe_depends)
  size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
  cat >"$stage/DEBIAN/control" <<EOF
Package: tickbench-probe
Version: $VERSION
Architecture: $(dpkg --print-architecture)
Maintainer: $MAINTAINER
Installed-Size: $size
Depends: $depends
Section: admin
Priority: optional
Homepage: https://github.com/tickbench/tickbench
Description: Tickbench probe: high-rate /proc and cgroup sampler
 Samples /proc, /sys and cgroup CPU bandwidth at 10-100 Hz and streams NDJSON for the Tickbench
 workbench (over SSH), serves Prometheus /metrics, and walks the cgroup path to the level that
 throttles. Carries its own Java runtime. The service is installed but not enabled.
EOF
  # The unit is installed, not enabled or started: serving opens a port, the admin decides.
  cat >"$stage/DEBIAN/postinst" <<'EOF'
#!/bin/sh
set -e
if [ -d /run/systemd/system ]; then systemctl daemon-reload || true; fi
EOF
  cat >"$stage/DEBIAN/prerm" <<'EOF'
#!/bin/sh
set -e
if [ -d /run/systemd/system ]; then systemctl stop tickbench-probe.service 2>/dev/null || true; fi
EOF
  cat >"$stage/DEBIAN/postrm" <<'EOF'
#!/bin/sh
set -e
if [ -d /run/systemd/system ]; then systemctl daemon-reload || true; fi
EOF
  chmod 755 "$stage/DEBIAN/postinst" "$stage/DEBIAN/prerm" "$stage/DEBIAN/postrm"
  deb=$OUT/tickbench-probe_${VERSION}_$(dpkg --print-architecture).deb
  dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
  rm -rf "$stage"
}

# ---------------------------------------------------------------------------------------------
# The GUI: app jar + its runtime class path + a jar holding the probe runtime tarball (the app
# finds it as the class-path resource /probe/tickbench-probe-runtime-linux-x64.tar.gz).
build_app() {
  local input=$OUT/app-input modules res=$OUT/probe-resource
  step "app: class path"
  rm -rf "$input" "$res" "$OUT/app" && mkdir -p "$input" "$res/probe"
  cp "$APP_JAR" "$ROOT"/app/target/dependency/*.jar "$input/"
  cp "$OUT/tickbench-probe-runtime-linux-x64.tar.gz" "$res/$PROBE_RESOURCE"
  jar --create --no-compress --file "$input/tickbench-probe-runtime.jar" -C "$res" probe
  rm -rf "$res"

  step "app: modules (jdeps)"
  if ! modules=$(jdk_modules "$input"/*.jar) || [[ -z $modules ]]; then
    die "jdeps found no modules for the app class path"
  fi
  APP_MODULES=$modules,$PROVIDER_MODULES
  echo "   $APP_MODULES" >&2

  step "app: image (jpackage)"
  # jpackage's default jlink options strip bin/java; it is kept (a few hundred kB) so that
  # test-packages.sh can make real SSH connections with exactly the runtime the app ships.
  jpackage --type app-image --dest "$OUT/app" --name tickbench \
    --input "$input" --main-jar "$(basename "$APP_JAR")" --main-class dev.tickbench.app.Launcher \
    --add-modules "$APP_MODULES" --jlink-options "--strip-debug --no-header-files --no-man-pages" \
    --icon "$ICON" --app-version "$VERSION" --vendor "Tickbench" \
    --description "Diagnostic workbench for Linux performance engineers" \
    --copyright "Tickbench developers"
  find "$OUT/app/tickbench/lib/runtime" -name '*.so' -exec strip --strip-unneeded {} +
  # jpackage's own scan covers the runtime; GTK, GL and XTST always: that scan was seen to miss them
  APP_DEPENDS=$(app_native_depends "$input")
  APP_DEPENDS=$(echo "libgtk-3-0, libgl1, libxtst6, $APP_DEPENDS" | tr -d ' ' | tr , '\n' | grep . | sort -u \
    | paste -sd, - | sed 's/,/, /g')
  echo "   JavaFX natives need: $APP_DEPENDS" >&2
  rm -rf "$input"

  step "app: .deb (jpackage)"
  jpackage --type deb --dest "$OUT" --app-image "$OUT/app/tickbench" --name tickbench \
    --app-version "$VERSION" --vendor "Tickbench" \
    --description "Diagnostic workbench for Linux performance engineers" \
    --icon "$ICON" --install-dir /opt --resource-dir "$ROOT/jpackage/resources" \
    --linux-package-name tickbench --linux-deb-maintainer "$MAINTAINER_EMAIL" \
    --linux-menu-group "Development;System;Monitor;" --linux-app-category devel --linux-shortcut \
    --linux-package-deps "$APP_DEPENDS"
}

report_sizes() {
  step "sizes"
  local f
  for f in "$OUT/app/tickbench" "$OUT/app/tickbench/lib/runtime" "$OUT/probe/tickbench-probe" \
    "$OUT/probe/tickbench-probe/runtime" "$OUT"/*.deb "$OUT"/*.tar.gz; do
    du -sh "$f" >&2
  done
}

check_prerequisites
VERSION=$(project_version)
[[ -n $VERSION ]] || die "cannot read the project version from $ROOT/pom.xml"
mkdir -p "$OUT"
build_jars
build_probe_image
$probe_only && exit 0
build_probe_deb
build_app
report_sizes
