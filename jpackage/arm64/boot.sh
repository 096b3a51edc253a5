#!/usr/bin/env bash
# Boots the emulated arm64 board built by jpackage/arm64/board.sh: QEMU's "virt" machine with a
# Cortex-A72 (the RB5009's and the Raspberry Pi 4's core), TCG (no KVM), 2 CPUs, 1 GB, user-mode
# networking with only the board's SSH port forwarded to 127.0.0.1:PORT. The serial console goes to
# stdout; "board: ready" is printed when dropbear runs. QEMU is exec'd: killing this process ends it.
# Usage: jpackage/arm64/boot.sh --port PORT --key "ssh-ed25519 AAAA…" [--cpus N]
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BOARD=$ROOT/jpackage/target/arm64-board
die() { echo "boot.sh: $*" >&2; exit 1; }
port= key= cpus=2
while (($#)); do
  case $1 in
    --port) port=${2:?}; shift 2 ;;
    --key) key=${2:?}; shift 2 ;;
    --cpus) cpus=${2:?}; shift 2 ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) die "unknown argument '$1' (--port PORT --key 'TYPE BASE64' [--cpus N])" ;;
  esac
done
[[ $port =~ ^[0-9]+$ ]] || die "--port PORT is required (a free TCP port on 127.0.0.1)"
read -r key_type key_b64 _ <<<"$key"
[[ -n ${key_b64:-} ]] || die "--key needs an OpenSSH public key line (TYPE BASE64 …)"
[[ -f $BOARD/initramfs.cpio.gz ]] || die "no board in $BOARD: run jpackage/arm64/board.sh first"
command -v qemu-system-aarch64 >/dev/null || die "qemu-system-aarch64 not found: apt-get install qemu-system-arm"

exec qemu-system-aarch64 -M virt -cpu cortex-a72 -accel tcg -smp "$cpus" -m 1024 \
  -nographic -no-reboot -serial stdio -monitor none \
  -kernel "$BOARD/vmlinuz" -initrd "$BOARD/initramfs.cpio.gz" \
  -append "$(cat "$BOARD/cmdline") tb.key=$key_type:$key_b64" \
  -netdev "user,id=net0,hostfwd=tcp:127.0.0.1:$port-:22" -device virtio-net-pci,netdev=net0,romfile= \
  -device virtio-rng-pci
