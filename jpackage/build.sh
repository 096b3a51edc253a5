#!/usr/bin/env bash
# Builds the Tickbench packages into jpackage/target/ (see jpackage/README.md):
#   app/tickbench/                                the desktop app image (jpackage, trimmed runtime)
#   tickbench_<v>-1_amd64.deb                     the desktop package (jpackage --type deb)
#   probe/tickbench-probe/                        the probe with its own jlinked runtime
#   tickbench-probe-runtime-linux-x64.tar.gz      that directory as a tarball (the GUI uploads it)
#   tickbench-probe_<v>_amd64.deb                 the probe package (dpkg-deb), with the systemd unit
#   probe-aarch64/…, tickbench-probe-runtime-linux-aarch64.tar.gz, tickbench-probe_<v>_arm64.deb
#                                                 the same for aarch64, jlinked from Debian's arm64 jmods
#   tickbench-<v>-macos.tar.gz, tickbench-<v>-windows-x64.zip, tickbench-<v>-linux-x64.tar.gz
#                                                 the workbench for every laptop (jpackage/bundles.sh)
# Usage: jpackage/build.sh [--no-maven] [--probe-only] [--reproducible-runtime] [--arch=A] [--no-deb] [--quick-deb]
#   --no-maven reuses the jars of the last Maven build; --probe-only builds probe/tickbench-probe/ only
#   (what jpackage/image/build-image.sh puts into the container image); --reproducible-runtime makes
#   the probe runtime byte-identical from run to run (costs ~5 MB RSS; see build_probe_image)
#   --arch=A      only the probe runtime, tarball and .deb for A (x64 or aarch64); no desktop app
#   --no-deb      no probe .deb (jpackage/arm64/test-board.sh needs the tarball only)
#   --quick-deb   every .deb compressed with gzip -1 instead of xz -6 (same files inside, ~25 % larger,
#                 packed in seconds instead of ~80 s), the bundles with gzip -1 instead of -6: what the
#                 test command builds and installs
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/jpackage/target
UNIT=$ROOT/remote-probe/deploy/tickbench-probe.service
ICON=$ROOT/assets/icons/tickbench-256.png
# the app looks for probe/tickbench-probe-runtime-linux-<arch>.tar.gz on its class path (BundledRuntime)
PROBE_ARCHES=(x64 aarch64)
# downloaded arm64 .debs, unpacked (jpackage/arm64/debs.sh): outside the tree, so that a fresh clone
# neither downloads nor unpacks them again (~30 s); TICKBENCH_CACHE moves it
CACHE=${TICKBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tickbench}
ARM64_CACHE=$CACHE/arm64
# what jdeps found in each archive, by the archive's sha256 and the JDK's version (jdk_modules)
JDEPS_CACHE=$CACHE/jdeps
MAINTAINER_EMAIL=tickbench@users.noreply.github.com
MAINTAINER="Tickbench developers <$MAINTAINER_EMAIL>"
# Both runtimes: the SSH key exchanges and signatures (ECDH, X25519, ECDSA, Ed25519) come from the
# SunEC provider, which java.security names and nobody imports, so jdeps cannot see it.
PROVIDER_MODULES=jdk.crypto.ec
# The probe's JVM flags, each measured with jpackage/measure-probe.sh (VmRSS at 10 Hz after 12 s):
# serial GC and a 32 MB cap (G1's default heap sizing is far above what the probe needs); C1 only (-5 MB); a small initial heap (-6 MB: the young
# generation is not touched up front); no hsperfdata file (-1 MB). More via TICKBENCH_PROBE_JAVA_OPTS.
# The CPU flags (C1 only, no hsperfdata) are measured in docs/perf.md and are the same in every probe
# launcher: the workbench's SSH launch (SshProbeConnection.PROBE_JVM_FLAGS), the systemd unit, the
# DaemonSet, the container image (which takes this line); ProbeJvmFlagsTest checks that they agree.
# Out of memory, the JVM exits (so systemd or the kubelet restarts it) instead of limping on with
# dead threads and /healthz at 503.
# The workbench's JVM flags, measured with app/bench/workbench-cpu-rss.sh (the README's Measured section):
# a heap cap, so that the JVM does not size its heap from the machine's memory (a quarter of it); 1 GB
# for a long capture (the router fixture's hour holds 310 MB after a full GC, and reading it peaks near
# the cap). G1 (the default) keeps the sampler's pauses short. G1 keeps what it committed once: a
# periodic collection when none ran for 15 s (a capture open and still) and at most 30 % of the heap
# left free give it back, RSS 1323 -> 745 MB with the hour open, and 452 -> 394 MB a minute live, at
# the same CPU (docs/measurements.md, 2026-12-04: memory; Shenandoah's compact mode cost 11 points of
# CPU live for 18 MB). The same flags are in app/pom.xml's run command.
APP_JAVA_OPTS="-Xmx1g -XX:G1PeriodicGCInterval=15000 -XX:MaxHeapFreeRatio=30 -XX:MinHeapFreeRatio=10"
# The app's class-data archive (jpackage/README.md, "Class-data archive"): the launcher names it; lib/cds-archive.sh
# makes it where the image lies (the .deb's postinst at /opt/tickbench), from the class list recorded here.
# A missing archive is ignored by the JVM. Kept apart from APP_JAVA_OPTS (the heap is measured elsewhere).
APP_CDS_OPTS='-XX:SharedArchiveFile=$APPDIR/tickbench.jsa'
PROBE_JAVA_OPTS="-XX:+UseSerialGC -Xms8m -Xmx32m -XX:TieredStopAtLevel=1 -XX:-UsePerfData -XX:+ExitOnOutOfMemoryError"

maven=true
probe_only=false
reproducible_runtime=false
runtimes_only=false
probe_debs=true
# dpkg-deb's compressor for every .deb (jpackage's too: it runs dpkg-deb, which reads these variables)
export DPKG_DEB_COMPRESSOR_TYPE=xz DPKG_DEB_COMPRESSOR_LEVEL=6
for arg in "$@"; do
  case $arg in
    --no-maven) maven=false ;;
    --probe-only) probe_only=true ;;
    --reproducible-runtime) reproducible_runtime=true ;;
    --arch=x64|--arch=aarch64) runtimes_only=true PROBE_ARCHES=("${arg#--arch=}") ;;
    --no-deb) probe_debs=false ;;
    --quick-deb) DPKG_DEB_COMPRESSOR_TYPE=gzip DPKG_DEB_COMPRESSOR_LEVEL=1 BUNDLE_GZIP_LEVEL=1 ;;
    -h|--help) sed -n '2,/^set /{/^#/p}' "$0"; exit 0 ;;
    *) echo "build.sh: unknown argument '$arg' (--no-maven, --probe-only, --reproducible-runtime, --arch=x64|aarch64, --no-deb, --quick-deb)" >&2; exit 2 ;;
  esac
done

die() { echo "build.sh: $*" >&2; exit 1; }
step() { echo "== [${SECONDS}s] $*" >&2; }

# ---------------------------------------------------------------------------------------------
# Prerequisites: a JDK 17 with jmods (jpackage, jlink, jdeps, jar), Maven, and the Debian tools
# jpackage's deb type and this script call. Nothing is installed here: .ci/test-deps.sh holds the
# one list of Debian packages the build and the tests need (as root it installs them).
check_prerequisites() {
  local missing=() cmd
  # aarch64: binutils that read arm64 ELF files, and qemu-user to run the jlinked arm64 runtime once
  for cmd in fakeroot:fakeroot dpkg-deb:dpkg strip:binutils readelf:binutils unzip:unzip \
    aarch64-linux-gnu-strip:binutils-aarch64-linux-gnu qemu-aarch64-static:qemu-user-static; do
    command -v "${cmd%%:*}" >/dev/null || missing+=("${cmd#*:}")
  done
  # ldconfig maps a library to its file; it lives in /sbin, which a user's PATH need not have
  LDCONFIG=$(PATH=$PATH:/usr/sbin:/sbin command -v ldconfig) || missing+=(libc-bin)
  if ((${#missing[@]})); then
    mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
    die "missing Debian packages: ${missing[*]} (as root: .ci/test-deps.sh, or: sudo apt-get install ${missing[*]})"
  fi
  for cmd in java jpackage jlink jdeps jar; do
    command -v "$cmd" >/dev/null || die "'$cmd' not found: install a JDK 17 with jmods (Debian: openjdk-17-jdk)"
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
  local jdk_modules all_cp archive name descriptor java_version key output
  local -A archive_name=() optional=() cached=()
  local missing=()
  jdk_modules=$(java --list-modules | sed 's/@.*//')
  all_cp=$(IFS=:; echo "$*")
  # jdeps' answer and the module descriptor of each archive are kept by the archive's sha256 (and
  # the JDK's version): a library's never change, so later builds (the container image's, a new
  # clone's) run jdeps on our own classes only. The class path only names other archives in
  # jdeps' output; the JDK modules an archive uses come from its own class files.
  java_version=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.runtime.version = //p')
  mkdir -p "$JDEPS_CACHE"
  for archive in "$@"; do
    if [[ -d $archive ]]; then
      key=$(cd "$archive" && find . -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-64)
    else
      key=$(sha256sum "$archive" | cut -c1-64)
    fi
    cached[$archive]=$JDEPS_CACHE/$key-$java_version
    if [[ ! -f ${cached[$archive]}.module ]]; then
      descriptor=
      if [[ -f $archive ]]; then
        descriptor=$(jar --describe-module --file "$archive" --release 17 2>/dev/null || true)
      fi
      printf '%s\n' "$descriptor" >"${cached[$archive]}.module.part"
      mv -f "${cached[$archive]}.module.part" "${cached[$archive]}.module"
    fi
    descriptor=$(<"${cached[$archive]}.module")
    # jdeps names an explicit module by its module name, anything else by its file name
    name=$(basename "$archive")
    if [[ -n $descriptor && $descriptor != *"No module descriptor found"* ]]; then
      name=$(awk 'NF {sub(/@.*/, "", $1); print $1; exit}' <<<"$descriptor")
    fi
    archive_name[$archive]=$name
    optional[$name]=$(awk '$1 == "requires" && / static/ {printf " %s ", $2}' <<<"$descriptor")
    # JNA has no module-info; it reaches java.desktop only for AWT window handles, never for libc calls
    if [[ $name == jna-*.jar ]]; then optional[$name]+=" java.desktop "; fi
    [[ -f ${cached[$archive]} ]] || missing+=("$archive")
  done
  if ((${#missing[@]})); then
    output=$(jdeps -s --multi-release 17 --ignore-missing-deps -cp "$all_cp" "${missing[@]}" 2>/dev/null) \
      || return 1
    for archive in "${missing[@]}"; do
      awk -v n="${archive_name[$archive]}" '$1 == n && $2 == "->" {print $3}' <<<"$output" | sort -u \
        >"${cached[$archive]}.part"
      mv -f "${cached[$archive]}.part" "${cached[$archive]}"
    done
  fi
  for archive in "$@"; do
    name=${archive_name[$archive]}
    while read -r mod; do
      grep -qx "$mod" <<<"$jdk_modules" || continue
      [[ ${optional[$name]:-} == *" $mod "* ]] && continue
      echo "$mod"
    done <"${cached[$archive]}"
  done | sort -u | paste -sd, -
}

# ---------------------------------------------------------------------------------------------
build_jars() {
  if $maven && { $probe_only || $runtimes_only; }; then
    step "maven: remote-probe with its runtime dependencies"
    rm -rf "$ROOT/remote-probe/target/dependency"
    (cd "$ROOT" && ./mvnw -B -q -pl remote-probe -am package -DskipTests)
  elif $maven; then
    step "maven: app and remote-probe with their runtime dependencies"
    rm -rf "$ROOT/app/target/dependency" "$ROOT/remote-probe/target/dependency"
    (cd "$ROOT" && ./mvnw -B -q -pl app,remote-probe -am package dependency:copy-dependencies \
      -DincludeScope=runtime -DskipTests)
  fi
  PROBE_JAR=$ROOT/remote-probe/target/tickbench-probe.jar
  [[ -f $PROBE_JAR ]] || die "no $PROBE_JAR (run without --no-maven)"
  [[ -d $ROOT/remote-probe/target/dependency ]] || die "no remote-probe/target/dependency (run without --no-maven)"
  { $probe_only || $runtimes_only; } && return
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
# unpacked (the GUI uploads it as a tarball; the .deb puts it under /opt/tickbench-probe). One
# module set for every architecture: jdeps reads class files, which are the same everywhere.
probe_modules() {
  local modules
  step "probe: modules (jdeps)"
  if ! modules=$(jdk_modules "$ROOT/remote-probe/target/classes" "$ROOT"/remote-probe/target/dependency/*.jar) \
    || [[ -z $modules ]]; then
    die "jdeps found no modules for the probe (remote-probe/target/classes)"
  fi
  PROBE_MODULES=$modules,$PROVIDER_MODULES
  echo "   $PROBE_MODULES" >&2
}

# Debian's arm64 JDK (for its jmods) and the libraries its runtime links (to run it here under
# qemu-user and to name the .deb's dependencies), unpacked under $ARM64_CACHE.
fetch_arm64_jdk() {
  # shellcheck source=jpackage/arm64/debs.sh
  source "$ROOT/jpackage/arm64/debs.sh"
  step "aarch64: Debian's arm64 JDK and libraries (apt-get download, cached in $ARM64_CACHE)"
  arm64_debs "$ARM64_CACHE" openjdk-17-jdk-headless libc6 libgcc-s1 libstdc++6 zlib1g \
    || die "cannot fetch the arm64 packages (see above)"
  [[ -f $ARM64_CACHE/root/usr/lib/jvm/java-17-openjdk-arm64/jmods/java.base.jmod ]] \
    || die "openjdk-17-jdk-headless:arm64 has no jmods/java.base.jmod"
  # The host's jlink links another platform's jmods of its own feature release (it compares
  # feature.interim, not the update): this 17.0.x jlink links Debian's current 17.0.y for arm64.
  local target host
  target=$(dpkg-deb -f "$(compgen -G "$ARM64_CACHE/debs/openjdk-17-jdk-headless_*.deb" | head -1)" Version | cut -d. -f1)
  host=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.version = \([0-9]*\).*/\1/p')
  [[ $target == "$host" ]] || die "the arm64 jmods are Java $target, this jlink is Java $host: both must be 17"
}

# Per architecture: the jmods, the strip tool, extra jlink options, the command prefix that runs
# its java here, the Debian architecture and the output directory.
probe_arch() {
  case $1 in
    x64)
      PA_JMODS=$JMODS PA_STRIP=strip PA_DEB=amd64 PA_OUT=$OUT/probe
      PA_JLINK=(--strip-debug) PA_RUN=() ;;
    aarch64)
      [[ -n ${ARM64_FETCHED:-} ]] || { fetch_arm64_jdk; ARM64_FETCHED=1; }
      PA_JMODS=$ARM64_CACHE/root/usr/lib/jvm/java-17-openjdk-arm64/jmods
      PA_STRIP=aarch64-linux-gnu-strip PA_DEB=arm64 PA_OUT=$OUT/probe-aarch64
      # --strip-debug, spelt out: its native half runs objcopy, and the host's cannot read arm64 ELF
      PA_JLINK=(--strip-java-debug-attributes
        --strip-native-debug-symbols "objcopy=$(command -v aarch64-linux-gnu-objcopy)")
      PA_RUN=(qemu-aarch64-static -L "$ARM64_CACHE/root") ;;
    *) die "unknown probe architecture $1" ;;
  esac
}

build_probe_image() {
  local arch=$1 home
  probe_arch "$arch"
  home=$PA_OUT/tickbench-probe
  rm -rf "$PA_OUT" && mkdir -p "$home/bin" "$home/lib"
  step "probe $arch: jlink"
  # No --compress: a compressed module image saves 11 MB on disk but costs 6 MB of RSS on every
  # target (resources are inflated into memory); the .deb (xz) and the tarball (gzip) compress anyway.
  # JDK 17's system-modules plugin (a class that pre-resolves the module graph) lays out its
  # deduplicated sets in an order that changes from run to run (JDK-8392531, fixed after 17), so
  # lib/modules differs on every build. Without the plugin the runtime resolves the graph at start:
  # byte-identical output, ~5 MB more RSS (measured: 55 vs 61 MB, stream at 10 Hz). The container
  # image needs the former (same sources, same digest); the .deb and tarball keep the plugin.
  local jlink_extra=()
  $reproducible_runtime && jlink_extra=(--disable-plugin system-modules)
  jlink --module-path "$PA_JMODS" --add-modules "$PROBE_MODULES" ${jlink_extra[@]+"${jlink_extra[@]}"} \
    "${PA_JLINK[@]}" --no-header-files --no-man-pages --output "$home/runtime"
  # Debian's JDK ships its native libraries with symbol tables: dropping them saves ~4 MB.
  find "$home/runtime" -name '*.so' -exec "$PA_STRIP" --strip-unneeded {} +
  cp "$PROBE_JAR" "$home/lib/tickbench-probe.jar"
  cat >"$home/bin/tickbench-probe" <<EOF
#!/bin/sh
# tickbench-probe with its own Java runtime: no JDK needed on this host.
# Extra JVM flags: TICKBENCH_PROBE_JAVA_OPTS (e.g. -Xmx64m).
self=\$(readlink -f "\$0") || self=\$0
home=\$(cd "\$(dirname "\$self")/.." && pwd)
# no locale at all (a service, a BusyBox board, env -i): UTF-8 file names, as /proc names cgroups
[ -n "\${LC_ALL:-}\${LC_CTYPE:-}\${LANG:-}" ] || export LANG=C.UTF-8
# shellcheck disable=SC2086  # the options are words on purpose
exec "\$home/runtime/bin/java" $PROBE_JAVA_OPTS \${TICKBENCH_PROBE_JAVA_OPTS:-} -jar "\$home/lib/tickbench-probe.jar" "\$@"
EOF
  chmod 755 "$home/bin/tickbench-probe"
  mkdir -p "$home/systemd" && cp "$UNIT" "$home/systemd/"
  # A missing module shows up here, at build time, rather than on a customer's router. The arm64
  # runtime runs under qemu-user (its java directly: the sh launcher would need binfmt_misc).
  if ((${#PA_RUN[@]})); then
    # shellcheck disable=SC2086  # the options are words on purpose
    "${PA_RUN[@]}" "$home/runtime/bin/java" $PROBE_JAVA_OPTS -jar "$home/lib/tickbench-probe.jar" capabilities \
      >/dev/null || die "the jlinked $arch probe does not run 'capabilities' under qemu-user (modules: $PROBE_MODULES)"
  else
    "$home/bin/tickbench-probe" capabilities >/dev/null \
      || die "the jlinked $arch probe does not run 'capabilities' (modules: $PROBE_MODULES)"
  fi

  $probe_only && return # the tarball is for the app and the .deb, not for the image
  step "probe $arch: runtime tarball"
  # written aside and renamed: the app's tests read it while this script runs in the background
  local tarball=$OUT/tickbench-probe-runtime-linux-$arch.tar.gz
  tar -C "$PA_OUT" --owner=0 --group=0 --numeric-owner --sort=name -czf "$tarball.part" tickbench-probe
  mv -f "$tarball.part" "$tarball"
}

# Debian packages of the shared libraries that ELF files need directly (readelf NEEDED), looked up
# on this build machine (x64), or in the unpacked arm64 packages (aarch64); libraries the files
# provide themselves (libjvm.so…) are skipped.
# Arguments: x64|aarch64, ELF files. Prints "pkg1, pkg2, …".
lib_packages() {
  local arch=$1 own needed lib path owner pkgs=()
  shift
  own=$(for f in "$@"; do basename "$f"; done | sort -u)
  needed=$(readelf -d "$@" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort -u)
  for lib in $needed; do
    grep -qx "$lib" <<<"$own" && continue
    if [[ $arch == aarch64 ]]; then
      owner=$(arm64_lib_owner "$ARM64_CACHE" "$lib")
      [[ -n $owner ]] || die "$lib (needed by the arm64 runtime) is in none of the arm64 packages fetched"
      pkgs+=("$owner")
      continue
    fi
    path=$("$LDCONFIG" -p | awk -v n="$lib" '$1 == n && /x86-64/ {print $NF; exit}')
    [[ -n $path ]] || die "$lib (needed by the packaged native code) is not installed on this build machine"
    owner=$(dpkg -S "$(readlink -f "$path")" 2>/dev/null || dpkg -S "$path" 2>/dev/null) \
      || die "no Debian package owns $path ($lib)"
    pkgs+=("${owner%%:*}")
  done
  printf '%s\n' "${pkgs[@]}" | sort -u | paste -sd, - | sed 's/,/, /g'
}

probe_depends() {
  local files
  mapfile -t files < <(find "$PA_OUT/tickbench-probe/runtime" -type f \( -name '*.so' -o -path '*/bin/*' \))
  lib_packages "$1" "${files[@]}"
}

# JavaFX carries its natives inside its jars and loads them (and through them GTK, GL, XTST) at run
# time, where jpackage's dependency scan cannot see them: read them out of the class path instead.
app_native_depends() {
  local input=$1 natives=$OUT/app-natives jar
  rm -rf "$natives" && mkdir -p "$natives"
  for jar in "$input"/*.jar; do
    # JNA carries a libjnidispatch.so per platform (one of them needs a BSD libffi): only this one counts
    unzip -qq -o -j "$jar" '*.so' -x 'com/sun/jna/*' -d "$natives" 2>/dev/null || true
    unzip -qq -o -j "$jar" 'com/sun/jna/linux-x86-64/*.so' -d "$natives" 2>/dev/null || true
  done
  shopt -s nullglob
  local files=("$natives"/*.so)
  shopt -u nullglob
  if ((${#files[@]})); then lib_packages x64 "${files[@]}"; fi
  rm -rf "$natives"
}

# dpkg-deb rather than jpackage --type deb: the probe is a directory with a sh launcher (the same
# one the GUI uploads to hosts without dpkg), plus a systemd unit outside /opt and a /usr/bin link,
# none of which jpackage's deb layout (native launcher, lib/app, lib/runtime) can express.
build_probe_deb() {
  local arch=$1 stage=$OUT/deb-probe-$1 deb depends size
  probe_arch "$arch"
  step "probe $arch: .deb"
  rm -rf "$stage" && mkdir -p "$stage/DEBIAN" "$stage/opt" "$stage/usr/bin" "$stage/lib/systemd/system"
  cp -a "$PA_OUT/tickbench-probe" "$stage/opt/"
  rm -rf "$stage/opt/tickbench-probe/systemd"
  ln -s /opt/tickbench-probe/bin/tickbench-probe "$stage/usr/bin/tickbench-probe"
  install -m 644 "$UNIT" "$stage/lib/systemd/system/tickbench-probe.service"
  depends=$(probe_depends "$arch")
  size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
  cat >"$stage/DEBIAN/control" <<EOF
Package: tickbench-probe
Version: $VERSION
Architecture: $PA_DEB
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
  deb=$OUT/tickbench-probe_${VERSION}_$PA_DEB.deb
  dpkg-deb --root-owner-group --build "$stage" "$deb" >/dev/null
  rm -rf "$stage"
}

# ---------------------------------------------------------------------------------------------
# The GUI: app jar + its runtime class path + a jar holding the probe runtime tarball (the app
# finds them as the class-path resources /probe/tickbench-probe-runtime-linux-{x64,aarch64}.tar.gz).
build_app() {
  local input=$OUT/app-input modules res=$OUT/probe-resource arch
  step "app: class path"
  rm -rf "$input" "$res" "$OUT/app" && mkdir -p "$input" "$res/probe"
  cp "$APP_JAR" "$ROOT"/app/target/dependency/*.jar "$input/"
  for arch in "${PROBE_ARCHES[@]}"; do
    cp "$OUT/tickbench-probe-runtime-linux-$arch.tar.gz" "$res/probe/"
  done
  jar --create --no-compress --file "$input/tickbench-probe-runtime.jar" -C "$res" probe
  rm -rf "$res"
  # JNA carries every platform's natives; the image (and the .deb, the portable tarball) keeps Linux x86-64's
  jna_for "$input" linux-x86-64

  step "app: modules (jdeps)"
  if ! modules=$(jdk_modules "$input"/*.jar) || [[ -z $modules ]]; then
    die "jdeps found no modules for the app class path"
  fi
  APP_MODULES=$modules,$PROVIDER_MODULES
  echo "   $APP_MODULES" >&2

  step "app: image (jpackage)"
  # jpackage's default jlink options strip bin/java; it is kept (a few hundred kB) so that
  # test-packages.sh can make real SSH connections with exactly the runtime the app ships.
  # --generate-cds-archive: the runtime's own class-data archive of the JDK's classes (lib/server/classes.jsa,
  # as a JDK has), which a jlinked image lacks: every JVM started from it maps them, and this machine's
  # probe process can then have its dynamic archive on top (LocalProbeLaunch).
  local opt java_options=()
  for opt in $APP_JAVA_OPTS $APP_CDS_OPTS; do java_options+=(--java-options "$opt"); done # one option each: written to the launcher's .cfg
  jpackage --type app-image --dest "$OUT/app" --name tickbench \
    --input "$input" --main-jar "$(basename "$APP_JAR")" --main-class dev.tickbench.app.Launcher \
    "${java_options[@]}" \
    --add-modules "$APP_MODULES" --jlink-options "--strip-debug --no-header-files --no-man-pages --generate-cds-archive" \
    --icon "$ICON" --app-version "$VERSION" --vendor "Tickbench" \
    --description "Diagnostic workbench for Linux performance engineers" \
    --copyright "Tickbench developers"
  find "$OUT/app/tickbench/lib/runtime" -name '*.so' -exec strip --strip-unneeded {} +
  install -m 755 "$ROOT/jpackage/cds-archive.sh" "$OUT/app/tickbench/lib/cds-archive.sh"
  record_class_list "$OUT/app/tickbench"
  build_linux_portable
  # jpackage's own scan covers the runtime; GTK, GL and XTST always: that scan was seen to miss them
  APP_DEPENDS=$(app_native_depends "$input")
  APP_DEPENDS=$(echo "libgtk-3-0, libgl1, libxtst6, $APP_DEPENDS" | tr -d ' ' | tr , '\n' | grep . | sort -u \
    | paste -sd, - | sed 's/,/, /g')
  echo "   JavaFX natives need: $APP_DEPENDS" >&2
  build_desktop_bundles "$input"
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

# The classes the app loads from its start to its first curves and 3 s on (the class list its archive is
# made from, lib/app/tickbench.classlist): one start of the image under Xvfb, through a copy of its own
# launcher whose .cfg adds -XX:DumpLoadedClassList and -Dtickbench.exitAfter=curves (the app quits
# itself then: StartupLog), with an empty home (this machine's probe process starts from it as a
# user's first start does). The .cfg, not JAVA_TOOL_OPTIONS, which the probe's JVM would inherit.
record_class_list() {
  local image=$1 app=$1/lib/app tmp d display= xvfb_pid status
  step "app: class list for its class-data archive (one start under Xvfb)"
  command -v Xvfb >/dev/null || die "Xvfb is needed to record the app's class list (Debian xvfb; as root: .ci/test-deps.sh)"
  tmp=$(mktemp -d /tmp/tickbench-classlist.XXXXXX) && mkdir -p "$tmp/home"
  for d in $(seq 150 199); do
    [[ -e /tmp/.X11-unix/X$d || -e /tmp/.X$d-lock ]] && continue
    Xvfb ":$d" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
    xvfb_pid=$! display=:$d
    break
  done
  [[ -n $display ]] || die "no free X display for Xvfb (:150-:199)"
  for _ in $(seq 100); do [[ -e /tmp/.X11-unix/X${display#:} ]] && break; sleep 0.1; done
  cp "$image/bin/tickbench" "$image/bin/.tickbench-classlist"
  { cat "$app/tickbench.cfg"; printf 'java-options=%s\n' "-XX:DumpLoadedClassList=$app/tickbench.classlist" \
      -Dtickbench.exitAfter=curves -Dprism.order=sw; } >"$app/.tickbench-classlist.cfg"
  rm -f "$app/tickbench.classlist"
  status=0
  HOME=$tmp/home XDG_CONFIG_HOME= XDG_CACHE_HOME= DISPLAY=$display timeout 300 "$image/bin/.tickbench-classlist" \
    >"$tmp/out" 2>&1 || status=$?
  kill "$xvfb_pid" 2>/dev/null || true
  rm -f "$image/bin/.tickbench-classlist" "$app/.tickbench-classlist.cfg"
  if ((status != 0)) || ! grep -q '^dev/tickbench/app/Launcher' "$app/tickbench.classlist" 2>/dev/null; then
    tail -5 "$tmp/out" >&2
    rm -rf "$tmp"
    die "the app's start under Xvfb did not end by itself after its first curves (status $status): no class list"
  fi
  rm -rf "$tmp"
  echo "   $(grep -vc '^@' "$app/tickbench.classlist") classes" >&2
}

report_sizes() {
  step "sizes"
  local f
  for f in "$OUT/app/tickbench" "$OUT/app/tickbench/lib/runtime" "$OUT"/probe*/tickbench-probe \
    "$OUT"/probe*/tickbench-probe/runtime "$OUT"/*.deb "$OUT"/*.tar.gz "$OUT"/*.zip; do
    [[ -e $f ]] || continue
    du -sh "$f" >&2
  done
}

# the macOS, Windows and portable Linux bundles
# shellcheck source=jpackage/bundles.sh
source "$ROOT/jpackage/bundles.sh"

check_prerequisites
$probe_only || $runtimes_only || check_bundle_tools
VERSION=$(project_version)
[[ -n $VERSION ]] || die "cannot read the project version from $ROOT/pom.xml"
mkdir -p "$OUT"
build_jars
probe_modules
if $probe_only; then
  build_probe_image x64
  exit 0
fi
# Each probe .deb (xz: ~20 s) is packed in the background while the next runtime and the app build.
deb_jobs=()
for arch in "${PROBE_ARCHES[@]}"; do
  build_probe_image "$arch"
  if $probe_debs; then
    build_probe_deb "$arch" &
    deb_jobs+=("$!:$arch")
  fi
done
$runtimes_only || build_app
for job in ${deb_jobs[@]+"${deb_jobs[@]}"}; do
  wait "${job%%:*}" || die "the probe .deb for ${job#*:} failed (see above)"
done
if ! $runtimes_only; then
  # after the .deb, which must not carry it: valid for this path only (the postinst makes /opt's)
  step "app: class-data archive for the image in $OUT/app/tickbench (app/bench/startup.sh image:…)"
  "$OUT/app/tickbench/lib/cds-archive.sh" make >&2 || die "the app's class-data archive could not be made (see above)"
fi
report_sizes
