#!/usr/bin/env bash
# Builds the probe's OCI container image without a container daemon and without an image registry:
#   jpackage/target/image/tickbench-probe-<v>.oci.tar   OCI image layout in a tar ("oci-archive"), which
#                                                        is also a `docker save` archive (manifest.json)
#   jpackage/target/image/oci/                           the same layout as a directory
#   jpackage/target/image/image.env                     IMAGE=tickbench-probe:<v>, DIGEST=sha256:…, sizes
# What goes in (see jpackage/image/README.md): the probe's jlinked runtime and jar made by
# jpackage/build.sh --probe-only, and the shared libraries that runtime links, copied from the Debian
# packages installed on this machine, with their copyright files. One layer, no shell.
# Usage: jpackage/image/build-image.sh [--no-maven] [--out DIR] [--floor-hz N] [--print-env]
#   --no-maven reuses the jar of the last Maven build (remote-probe/target/tickbench-probe.jar)
#   --floor-hz N puts FLOOR_HZ=N into the image's environment, only when N > 0 (docs/cadence.md)
#   --print-env prints the environment the image's config would carry beyond PATH and stops
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=$ROOT/jpackage/target/image
NAME=tickbench-probe
HOME_IN_IMAGE=/opt/tickbench-probe
# The probe runs as this user unless the deployment says otherwise (65532: "nonroot" of distroless).
NONROOT_UID=65532
# What the image runs when given no command: serve the host's /proc and /sys (mounted at /host) on
# all interfaces with a bearer token, the layout remote-probe/deploy/daemonset.yaml mounts.
DEFAULT_CMD=(serve --proc-root=/host/proc --sys-root=/host/sys --rate=10 --http=0.0.0.0:9123
  --token=/etc/tickbench/token)

build_args=()
FLOOR_HZ_OPT=0
PRINT_ENV=
for ((i = 1; i <= $#; i++)); do
  arg=${!i}
  case $arg in
    --no-maven) build_args+=(--no-maven) ;;
    --out) i=$((i + 1)); OUT=${!i:?--out needs a directory} ;;
    --floor-hz) i=$((i + 1)); FLOOR_HZ_OPT=${!i:?--floor-hz needs a number from 0 to 1000} ;;
    --print-env) PRINT_ENV=1 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "build-image.sh: unknown argument '$arg' (--no-maven, --out DIR, --floor-hz N, --print-env)" >&2; exit 2 ;;
  esac
done
. "$ROOT/remote-probe/deploy/floor-hz.sh"
floor_hz_require "$FLOOR_HZ_OPT" build-image.sh
# The deployment options the image's environment carries: FLOOR_HZ only when > 0, as the deploy files write it
IMAGE_OPTIONS=()
floor_assignment=$(floor_hz_assignment "$FLOOR_HZ_OPT")
[[ -z $floor_assignment ]] || IMAGE_OPTIONS+=("$floor_assignment")
if [[ -n $PRINT_ENV ]]; then
  [[ ${#IMAGE_OPTIONS[@]} -eq 0 ]] || printf '%s\n' "${IMAGE_OPTIONS[@]}"
  exit 0
fi

die() { echo "build-image.sh: $*" >&2; exit 1; }
step() { echo "== [${SECONDS}s] image: $*" >&2; }
for cmd in tar gzip sha256sum ldd dpkg-query unzip; do
  command -v "$cmd" >/dev/null || die "'$cmd' not found (Debian: tar gzip coreutils libc-bin dpkg unzip)"
done

# Every timestamp in the image (file times, config "created") is the pom's
# project.build.outputTimestamp, the same instant Maven writes into the jar: same sources, same bytes.
epoch_of_pom() {
  local ts
  ts=$(sed -n 's:.*<project.build.outputTimestamp>\([^<]*\)</project.build.outputTimestamp>.*:\1:p' \
    "$ROOT/pom.xml" | head -1)
  [[ -n $ts ]] || die "no <project.build.outputTimestamp> in $ROOT/pom.xml (it fixes the image's timestamps)"
  if [[ $ts =~ ^[0-9]+$ ]]; then echo "$ts"; else date -u -d "$ts" +%s; fi
}
EPOCH=${SOURCE_DATE_EPOCH:-$(epoch_of_pom)}
CREATED=$(date -u -d "@$EPOCH" +%Y-%m-%dT%H:%M:%SZ)

# ---------------------------------------------------------------------------------------------
# The probe directory, from the one place that jlinks it. --reproducible-runtime: jlink's
# system-modules plugin writes a class whose bytes vary from run to run on JDK 17 (see build.sh).
step "probe runtime (jpackage/build.sh --probe-only)"
bash "$ROOT/jpackage/build.sh" --probe-only --reproducible-runtime "${build_args[@]}"
PROBE=$ROOT/jpackage/target/probe/tickbench-probe
JAR=$PROBE/lib/tickbench-probe.jar
[[ -x $PROBE/runtime/bin/java && -f $JAR ]] || die "build.sh made no probe runtime under $PROBE"
VERSION=$(unzip -p "$JAR" META-INF/maven/dev.tickbench/remote-probe/pom.properties \
  | sed -n 's/^version=//p' | tr -d '\r' | sed 's/-SNAPSHOT$//')
[[ -n $VERSION ]] || die "no version in $JAR (META-INF/maven/dev.tickbench/remote-probe/pom.properties)"
# The probe's JVM flags: the ones build.sh gives the packaged launcher, set as JAVA_TOOL_OPTIONS so
# that a deployment replaces them by setting that variable (a flag on the command line would win
# over JAVA_TOOL_OPTIONS and silently ignore the deployment's memory settings).
JAVA_OPTS=$(sed -n 's/^PROBE_JAVA_OPTS="\([^"]*\)"$/\1/p' "$ROOT/jpackage/build.sh")
[[ -n $JAVA_OPTS ]] || die "no PROBE_JAVA_OPTS=\"…\" line in jpackage/build.sh"
IMAGE=$NAME:$VERSION

# ---------------------------------------------------------------------------------------------
step "root file system"
STAGE=$OUT/rootfs
rm -rf "$OUT" && mkdir -p "$STAGE$HOME_IN_IMAGE/lib" "$STAGE/etc" "$STAGE/tmp" "$STAGE/host" \
  "$STAGE/etc/tickbench" "$STAGE/lib64" "$STAGE/usr/share/doc"
cp -a "$PROBE/runtime" "$STAGE$HOME_IN_IMAGE/runtime"
cp "$JAR" "$STAGE$HOME_IN_IMAGE/lib/tickbench-probe.jar"

# Shared libraries: the closure ldd resolves for every ELF file of the runtime, minus the runtime's
# own. Each is copied under its soname to where Debian's loader searches without an ld.so.cache.
mapfile -t elves < <(find "$PROBE/runtime" -type f \( -name '*.so' -o -path '*/bin/*' \) | sort)
libs=$(ldd "${elves[@]}" 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// {print $1 " " $3} $1 ~ /^\/.*ld-linux/ {print "LOADER " $1}' \
  | grep -v " $PROBE/" | sort -u)
[[ -n $libs ]] || die "ldd found no shared libraries for $PROBE/runtime"
grep -q '^LOADER ' <<<"$libs" || die "ldd names no dynamic loader for $PROBE/runtime/bin/java"
libdir=$STAGE/lib/x86_64-linux-gnu
mkdir -p "$libdir"
packages=()
while read -r soname path; do
  real=$(readlink -f "$path")
  if [[ $soname == LOADER ]]; then
    soname=$(basename "$path")
    ln -s "/lib/x86_64-linux-gnu/$soname" "$STAGE/lib64/$soname"
  fi
  [[ -e $libdir/$soname ]] || cp "$real" "$libdir/$soname"
  owner=$(dpkg-query -S "$real" 2>/dev/null || dpkg-query -S "$path" 2>/dev/null || dpkg-query -S "/usr$path" 2>/dev/null) \
    || die "no Debian package owns $path ($soname)"
  packages+=("${owner%%:*}")
done <<<"$libs"
mapfile -t packages < <(printf '%s\n' "${packages[@]}" | sort -u)
for p in "${packages[@]}"; do
  mkdir -p "$STAGE/usr/share/doc/$p"
  cp "/usr/share/doc/$p/copyright" "$STAGE/usr/share/doc/$p/copyright" \
    || die "no /usr/share/doc/$p/copyright (the library's licence must ship with it)"
done
DEB_PACKAGES=$(for p in "${packages[@]}"; do dpkg-query -W -f='${Package}=${Version} ' "$p"; done | sed 's/ $//')
mkdir -p "$STAGE/usr/share/doc/tickbench-probe"
printf '%s\n' $DEB_PACKAGES >"$STAGE/usr/share/doc/tickbench-probe/debian-packages"

# No shell, no package manager: a passwd/group so that the JVM finds a name and home for its user.
printf '%s\n' "root:x:0:0:root:/root:/sbin/nologin" "probe:x:$NONROOT_UID:$NONROOT_UID:tickbench-probe:/tmp:/sbin/nologin" \
  >"$STAGE/etc/passwd"
printf '%s\n' "root:x:0:" "probe:x:$NONROOT_UID:" >"$STAGE/etc/group"

# Modes independent of the builder's umask: 644/755 as the source's execute bits say; /tmp 1777.
chmod -R a+rX,go-w "$STAGE"
chmod 1777 "$STAGE/tmp"

# ---------------------------------------------------------------------------------------------
step "layer"
LAYOUT=$OUT/oci
BLOBS=$LAYOUT/blobs/sha256
mkdir -p "$BLOBS"
# --sort=name, one mtime, numeric root owner, no atime/ctime (gnu format): the bytes depend on the
# files' contents, names and modes only. gzip -n leaves out the name and time of the input.
tar --sort=name --mtime="@$EPOCH" --owner=0 --group=0 --numeric-owner --format=gnu \
  -C "$STAGE" -cf "$OUT/layer.tar" $(cd "$STAGE" && ls -A | sort)
DIFF_ID=$(sha256sum "$OUT/layer.tar" | cut -d' ' -f1)
LAYER_SIZE_RAW=$(stat -c %s "$OUT/layer.tar")
gzip -n -6 -c "$OUT/layer.tar" >"$OUT/layer.tar.gz"
rm "$OUT/layer.tar"

blob() { # file -> moves it into blobs/, prints "digest size"
  local d s
  d=$(sha256sum "$1" | cut -d' ' -f1)
  s=$(stat -c %s "$1")
  mv "$1" "$BLOBS/$d"
  echo "$d $s"
}
read -r LAYER_DIGEST LAYER_SIZE < <(blob "$OUT/layer.tar.gz")

json_array() { # words -> ["a","b"]
  local out= w
  for w in "$@"; do out+="${out:+,}\"$w\""; done
  echo "[$out]"
}

step "config, manifest, index"
cat >"$OUT/config.json" <<EOF
{"architecture":"amd64","os":"linux","created":"$CREATED","author":"Tickbench developers","config":{"User":"$NONROOT_UID:$NONROOT_UID","Env":$(json_array "PATH=$HOME_IN_IMAGE/runtime/bin" "JAVA_TOOL_OPTIONS=$JAVA_OPTS" "LANG=C.UTF-8" "${IMAGE_OPTIONS[@]}"),"Entrypoint":$(json_array "$HOME_IN_IMAGE/runtime/bin/java" -jar "$HOME_IN_IMAGE/lib/tickbench-probe.jar"),"Cmd":$(json_array "${DEFAULT_CMD[@]}"),"ExposedPorts":{"9123/tcp":{}},"WorkingDir":"/tmp","Labels":{"org.opencontainers.image.title":"$NAME","org.opencontainers.image.version":"$VERSION","org.opencontainers.image.description":"Tickbench probe: high-rate /proc and cgroup sampler serving Prometheus /metrics","dev.tickbench.debian-packages":"$DEB_PACKAGES"}},"rootfs":{"type":"layers","diff_ids":["sha256:$DIFF_ID"]},"history":[{"created":"$CREATED","created_by":"jpackage/image/build-image.sh"}]}
EOF
read -r CONFIG_DIGEST CONFIG_SIZE < <(blob "$OUT/config.json")

cat >"$OUT/manifest.json" <<EOF
{"schemaVersion":2,"mediaType":"application/vnd.oci.image.manifest.v1+json","config":{"mediaType":"application/vnd.oci.image.config.v1+json","digest":"sha256:$CONFIG_DIGEST","size":$CONFIG_SIZE},"layers":[{"mediaType":"application/vnd.oci.image.layer.v1.tar+gzip","digest":"sha256:$LAYER_DIGEST","size":$LAYER_SIZE}],"annotations":{"org.opencontainers.image.created":"$CREATED","org.opencontainers.image.version":"$VERSION"}}
EOF
read -r MANIFEST_DIGEST MANIFEST_SIZE < <(blob "$OUT/manifest.json")

# index.json names the image for OCI tools (ref.name: the tag) and for containerd (its full name);
# manifest.json beside it is the `docker save` index, so docker load and podman load name it too.
cat >"$LAYOUT/index.json" <<EOF
{"schemaVersion":2,"mediaType":"application/vnd.oci.image.index.v1+json","manifests":[{"mediaType":"application/vnd.oci.image.manifest.v1+json","digest":"sha256:$MANIFEST_DIGEST","size":$MANIFEST_SIZE,"annotations":{"io.containerd.image.name":"docker.io/library/$IMAGE","org.opencontainers.image.ref.name":"$VERSION"}}]}
EOF
echo '{"imageLayoutVersion":"1.0.0"}' >"$LAYOUT/oci-layout"
cat >"$LAYOUT/manifest.json" <<EOF
[{"Config":"blobs/sha256/$CONFIG_DIGEST","RepoTags":["$IMAGE"],"Layers":["blobs/sha256/$LAYER_DIGEST"]}]
EOF

step "archive"
ARCHIVE=$OUT/$NAME-$VERSION.oci.tar
find "$LAYOUT" -exec touch -h -d "@$EPOCH" {} +
chmod -R a+rX,go-w "$LAYOUT"
tar --sort=name --mtime="@$EPOCH" --owner=0 --group=0 --numeric-owner --format=gnu \
  -C "$LAYOUT" -cf "$ARCHIVE" blobs index.json manifest.json oci-layout
rm -rf "$STAGE"

cat >"$OUT/image.env" <<EOF
IMAGE=$IMAGE
DIGEST=sha256:$MANIFEST_DIGEST
CONFIG_DIGEST=sha256:$CONFIG_DIGEST
ARCHIVE=$ARCHIVE
UNCOMPRESSED_BYTES=$LAYER_SIZE_RAW
COMPRESSED_BYTES=$LAYER_SIZE
DEBIAN_PACKAGES="$DEB_PACKAGES"
EOF
step "$IMAGE sha256:$MANIFEST_DIGEST: $((LAYER_SIZE_RAW / 1048576)) MB uncompressed, $((LAYER_SIZE / 1048576)) MB compressed"
echo "$ARCHIVE"
