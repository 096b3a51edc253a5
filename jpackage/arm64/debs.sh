# shellcheck shell=bash
# Debian arm64 packages for the aarch64 probe runtime and the emulated board, from the Debian
# archive through multiarch (`dpkg --add-architecture arm64`): sourced by jpackage/build.sh and
# jpackage/arm64/board.sh. Nothing comes from outside Debian.

# arm64_multiarch: makes `apt-get download PKG:arm64` work (root: adds the architecture and
# updates the package lists once); otherwise says what to run.
arm64_multiarch() {
  if dpkg --print-foreign-architectures | grep -qx arm64 && apt-cache show busybox-static:arm64 >/dev/null 2>&1; then
    return 0
  fi
  if [[ $(id -u) -ne 0 ]]; then
    echo "arm64 packages are not visible to apt: run as root, or: sudo dpkg --add-architecture arm64 && sudo apt-get update" >&2
    return 1
  fi
  dpkg --add-architecture arm64
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
}

# arm64_debs DEST PKG...: downloads PKG:arm64 into DEST/debs (kept: a second run downloads
# nothing) and unpacks each into DEST/root. DEST/owners lists "file package" for every file, so
# that a library can be mapped back to the package a .deb must depend on.
arm64_debs() {
  local dest=$1 pkg deb
  shift
  mkdir -p "$dest/debs" "$dest/root"
  for pkg in "$@"; do
    if ! compgen -G "$dest/debs/${pkg}_*_arm64.deb" >/dev/null && ! compgen -G "$dest/debs/${pkg}_*_all.deb" >/dev/null; then
      arm64_multiarch || return 1
      # apt's "unsandboxed as root" warning is noise here: the directory is ours
      (cd "$dest/debs" && apt-get download -q "$pkg:arm64" 2>&1 | grep -v '^W: Download is performed unsandboxed' >&2) \
        || true
      compgen -G "$dest/debs/${pkg}_*.deb" >/dev/null || { echo "apt-get download $pkg:arm64 failed" >&2; return 1; }
    fi
  done
  for pkg in "$@"; do
    for deb in "$dest/debs/${pkg}"_*.deb; do
      [[ -f $dest/root/.unpacked-$(basename "$deb") ]] && continue
      dpkg-deb -x "$deb" "$dest/root"
      dpkg-deb -c "$deb" | awk -v p="$pkg" '$1 !~ /^d/ {sub(/^\./, "", $6); print $6, p}' >>"$dest/owners"
      touch "$dest/root/.unpacked-$(basename "$deb")"
    done
  done
}

# arm64_lib_owner DEST LIB: the package (unpacked by arm64_debs) holding a library named LIB.
arm64_lib_owner() {
  awk -v n="$2" '{k = $1; sub(/.*\//, "", k)} k == n {print $2; exit}' "$1/owners"
}
