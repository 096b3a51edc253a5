# shellcheck shell=bash
# Debian arm64 packages for the aarch64 probe runtime and the emulated board, from the Debian
# archive: sourced by jpackage/build.sh and jpackage/arm64/board.sh. Nothing comes from outside Debian.
#
# apt runs with a configuration of its own (arm64_apt): arm64 is its only architecture, and its
# package lists, downloads and (empty) dpkg status live in DEST/apt. This machine's sources and
# keys are read, nothing of its apt or dpkg state is written: no `dpkg --add-architecture`, no
# change to /var/lib/apt, no root needed.

# arm64_apt DEST COMMAND ARGS…: apt-get or apt-cache, answering for arm64 only, from DEST/apt.
arm64_apt() {
  local dir=$1/apt cmd=$2
  shift 2
  if [[ ! -f $dir/apt.conf ]]; then
    mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial"
    : >"$dir/status"
    # the sandbox user: apt drops to _apt for downloads when root, and _apt cannot write our directories
    cat >"$dir/apt.conf.part" <<CONF
APT::Architecture "arm64";
APT::Architectures { "arm64"; };
Dir::State "$dir";
Dir::State::Lists "$dir/lists";
Dir::State::status "$dir/status";
Dir::Cache "$dir/cache";
APT::Sandbox::User "$(id -un)";
CONF
    mv -f "$dir/apt.conf.part" "$dir/apt.conf"
  fi
  APT_CONFIG=$dir/apt.conf "$cmd" "$@"
}

# arm64_lists DEST [--refresh]: the arm64 package lists in DEST/apt, fetched once (again with --refresh,
# when a list has gone stale and a package's version is no longer in the archive).
arm64_lists() {
  local dest=$1
  if [[ ${2:-} == --refresh ]] || ! compgen -G "$dest/apt/lists/*_Packages*" >/dev/null; then
    arm64_apt "$dest" apt-get -q update >&2 \
      || { echo "apt-get update for arm64 (lists in $dest/apt) failed: see above" >&2; return 1; }
  fi
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
      arm64_lists "$dest" || return 1
      if ! (cd "$dest/debs" && arm64_apt "$dest" apt-get download -q "$pkg" >&2); then
        arm64_lists "$dest" --refresh || return 1
        (cd "$dest/debs" && arm64_apt "$dest" apt-get download -q "$pkg" >&2) || true
      fi
      compgen -G "$dest/debs/${pkg}_*.deb" >/dev/null || { echo "apt-get download $pkg (arm64) failed" >&2; return 1; }
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
