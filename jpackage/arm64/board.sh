#!/usr/bin/env bash
# Builds the emulated arm64 board the tests boot (jpackage/arm64/README.md), from Debian packages
# only, into jpackage/target/arm64-board/ (cached: a second run rebuilds nothing):
#   vmlinuz              Debian's arm64 kernel (linux-image-arm64's current version)
#   initramfs.cpio.gz    busybox, dropbear (SSH) with OpenSSH's sftp-server, glibc and the
#                        libraries a jlinked Java runtime links, getconf, the virtio modules; no Java
#   cmdline              the kernel command line (cgroup v2 only, PSI on)
#   floor                the C floor sampler built for arm64 (static), when its source is given
# Usage: jpackage/arm64/board.sh [--floor-src FILE.c]
# Boot it with jpackage/arm64/boot.sh (the tests do it from Java, with the same arguments).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=$ROOT/jpackage/target/arm64-board
# shared with build.sh's arm64 JDK download, outside the tree (TICKBENCH_CACHE moves it)
CACHE=${TICKBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tickbench}/arm64
# virtio-net over PCI for user-mode networking, virtio-rng so that dropbear's host key and the
# JVM's SecureRandom do not wait for entropy on an idle emulated board
MODULES=(virtio_net virtio_pci virtio-rng)
PACKAGES=(busybox-static dropbear-bin openssh-sftp-server libc6 libc-bin libcrypt1 libtomcrypt1 libtommath1
  libgmp10 zlib1g libgcc-s1 libstdc++6)

die() { echo "board.sh: $*" >&2; exit 1; }
floor_src=
while (($#)); do
  case $1 in
    --floor-src) floor_src=${2:?--floor-src needs a file}; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) die "unknown argument '$1' (only --floor-src FILE.c)" ;;
  esac
done

for cmd in dpkg-deb:dpkg cpio:cpio strings:binutils; do
  command -v "${cmd%%:*}" >/dev/null || die "'${cmd%%:*}' not found: apt-get install ${cmd#*:}"
done
# shellcheck source=jpackage/arm64/debs.sh
source "$ROOT/jpackage/arm64/debs.sh"

mkdir -p "$OUT"
arm64_lists "$CACHE" || die "cannot fetch the arm64 package lists (see above)"
kernel_pkg=$(arm64_apt "$CACHE" apt-cache depends linux-image-arm64 2>/dev/null \
  | sed -n 's/.*Depends: \(linux-image-[0-9].*-arm64\).*/\1/p' | head -1) || true
[[ -n $kernel_pkg ]] || die "apt-cache does not know linux-image-arm64 (arm64 lists in $CACHE/apt)"
stamp="$kernel_pkg ${PACKAGES[*]} ${MODULES[*]} $(sha256sum "$0" "$ROOT/jpackage/arm64/init" | cut -c1-16 | paste -sd' ')"
if [[ -f $OUT/initramfs.cpio.gz && -f $OUT/stamp && $(cat "$OUT/stamp") == "$stamp" ]]; then
  echo "board.sh: $OUT is up to date ($kernel_pkg)" >&2
else
  arm64_debs "$CACHE" "$kernel_pkg" "${PACKAGES[@]}" || die "cannot fetch the arm64 packages (see above)"
  sysroot=$CACHE/root
  kver=${kernel_pkg#linux-image-}
  cp "$sysroot/boot/vmlinuz-$kver" "$OUT/vmlinuz"

  stage=$OUT/initramfs
  rm -rf "$stage" && mkdir -p "$stage"/{bin,sbin,usr/bin,usr/sbin,usr/lib/openssh,etc/dropbear,proc,sys,dev,tmp,root,run,lib/modules}
  cp "$sysroot/bin/busybox" "$stage/bin/"
  cp "$sysroot/usr/sbin/dropbear" "$stage/usr/sbin/"
  cp "$sysroot/usr/lib/openssh/sftp-server" "$stage/usr/lib/openssh/"
  ln -s openssh/sftp-server "$stage/usr/lib/sftp-server"   # where Debian's dropbear looks for it
  cp "$sysroot/usr/bin/getconf" "$stage/usr/bin/"
  # glibc and the libraries dropbear and a jlinked runtime link (libstdc++, libgcc_s, libz)
  tar -C "$sysroot" --exclude=./lib/modules --exclude=./lib/firmware --exclude=./lib/aarch64-linux-gnu/gconv \
    -cf - ./lib | tar -C "$stage" -xf -
  mkdir -p "$stage/usr/lib/aarch64-linux-gnu"
  cp -a "$sysroot"/usr/lib/aarch64-linux-gnu/lib{stdc++,tomcrypt,tommath,gmp,z}.so* "$stage/usr/lib/aarch64-linux-gnu/" 2>/dev/null || true

  # virtio modules with what they depend on (the .modinfo "depends=" line), loaded in this order
  modroot=$sysroot/lib/modules/$kver
  declare -A seen=()
  order=()
  add_module() {
    local name=$1 file dep
    [[ -n ${seen[$name]:-} ]] && return
    seen[$name]=1
    file=$(find "$modroot/kernel" -name "$name.ko" -o -name "${name//_/-}.ko" | head -1)
    [[ -n $file ]] || { grep -q "/$name.ko$" "$modroot/modules.builtin" && return; die "no module $name in $kernel_pkg"; }
    for dep in $(strings -a "$file" | sed -n 's/^depends=//p' | tr , ' '); do add_module "$dep"; done
    order+=("$file")
  }
  for m in "${MODULES[@]}"; do add_module "$m"; done
  : >"$stage/etc/modules"
  for file in "${order[@]}"; do
    cp "$file" "$stage/lib/modules/"
    echo "$(basename "$file")" >>"$stage/etc/modules"
  done

  install -m 755 "$ROOT/jpackage/arm64/init" "$stage/init"
  printf 'root:x:0:0:root:/root:/bin/sh\n' >"$stage/etc/passwd"
  printf 'root:x:0:\n' >"$stage/etc/group"
  printf '/bin/sh\n' >"$stage/etc/shells"
  printf 'arm64-board\n' >"$stage/etc/hostname"
  (cd "$stage" && find . -print0 | LC_ALL=C sort -z | cpio --null -o -H newc --owner=0:0 --quiet) | gzip -6 >"$OUT/initramfs.cpio.gz"
  rm -rf "$stage"
  echo "$stamp" >"$OUT/stamp"
fi

# cgroup v2 only, as on current Kubernetes nodes; psi=1 although Debian's kernel has PSI on by
# default, so that a kernel built with CONFIG_PSI_DEFAULT_DISABLED would behave the same
echo "console=ttyAMA0 rdinit=/init psi=1 systemd.unified_cgroup_hierarchy=1 cgroup_no_v1=all" >"$OUT/cmdline"

if [[ -n $floor_src ]]; then
  command -v aarch64-linux-gnu-gcc >/dev/null || die "aarch64-linux-gnu-gcc not found: apt-get install gcc-aarch64-linux-gnu libc6-dev-arm64-cross"
  aarch64-linux-gnu-gcc -O2 -static -o "$OUT/floor" "$floor_src" -lm
fi
ls -l "$OUT" >&2
