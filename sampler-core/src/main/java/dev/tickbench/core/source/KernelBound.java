package dev.tickbench.core.source;

/**
 * How many bytes a kernel file of each kind may hold. A real kernel's files are small, so a file past
 * its bound is not what its name says (a 100 MB file in a fixture tree, a link to {@code /dev/zero}):
 * it is refused after that many bytes, with its path and the bound, instead of being read into the
 * heap. Reads of {@code /proc}, {@code /sys} and the cgroup mounts go through {@link KernelFile} with
 * one of these (SECURITY.md, "Kernel files", has the figures and how they were measured).
 */
public enum KernelBound {
    /**
     * One value or a few lines: a sysfs attribute (its {@code show()} fills one page, 4 KiB, or 64 KiB
     * on arm64 and ppc64 kernels built with 64 KiB pages), a cgroup control file, a {@code /proc/sys}
     * value, {@code /proc/PID/comm}, {@code status} or {@code auxv}.
     */
    ATTRIBUTE(64 << 10, "a kernel attribute"),
    /**
     * A table that grows with the machine: {@code /proc/stat}, {@code /proc/interrupts} (11 bytes per
     * CPU per interrupt line: about 1 MB on a 256-CPU host with 400 lines), slabinfo,
     * {@code /proc/PID/cgroup} (a line of up to PATH_MAX per hierarchy); every file kept open and read
     * each tick.
     */
    TABLE(8 << 20, "a kernel table"),
    /**
     * {@code /proc/PID/mountinfo}, read a line at a time (a line is at most {@link #ATTRIBUTE}: two paths
     * of PATH_MAX, escaped, and a page of options), so only what is kept grows: 64 MiB is 250 000
     * mounts of 256 bytes.
     */
    MOUNTS(64 << 20, "a mount table");

    private final int bytes;
    private final String what;

    KernelBound(int bytes, String what) {
        this.bytes = bytes;
        this.what = what;
    }

    /** The most bytes a file of this kind is read to. */
    public int bytes() {
        return bytes;
    }

    /** Why a file past the bound is refused ("over 64 KiB, more than a kernel attribute holds"); its reader names the file. */
    String refusal() {
        return "over " + human(bytes) + ", more than " + what + " holds";
    }

    static String human(int bytes) {
        return bytes >= 1 << 20 ? (bytes >> 20) + " MiB" : bytes >= 1 << 10 ? (bytes >> 10) + " KiB" : bytes + " bytes";
    }
}
