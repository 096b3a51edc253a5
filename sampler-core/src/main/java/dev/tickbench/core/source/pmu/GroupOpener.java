package dev.tickbench.core.source.pmu;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Opens one group per CPU. The first CPU decides which events the group holds: an event the PMU does
 * not have is left out with its reason (the others still count); a refusal for privileges makes the
 * whole group absent. Every later CPU opens the same events or is left out with its reason.
 */
final class GroupOpener {
    record Result(int[] fds, String reason) {}

    private final PmuGroup group;
    private final PerfAccess access;
    private final Memory attr = new Memory(PerfEventAttr.SIZE);
    private final ByteBuffer attrView =
            attr.getByteBuffer(0, PerfEventAttr.SIZE).order(ByteOrder.nativeOrder());
    private List<PmuEvent> events;
    private final Map<String, String> missingEvents = new LinkedHashMap<>();

    GroupOpener(PmuGroup group, PerfAccess access) {
        this.group = group;
        this.access = access;
    }

    /** The events every opened CPU counts, in group read order (empty until a CPU opened). */
    List<PmuEvent> events() {
        return events == null ? List.of() : events;
    }

    Map<String, String> missingEvents() {
        return missingEvents;
    }

    Result open(int cpu) {
        boolean deciding = events == null;
        List<PmuEvent> wanted = deciding ? group.events() : events;
        List<PmuEvent> opened = new ArrayList<>();
        int[] fds = new int[wanted.size()];
        int count = 0;
        String firstUnsupported = null;
        for (PmuEvent e : wanted) {
            int leader = count == 0 ? -1 : fds[0];
            int fd = open(e, cpu, leader);
            if (fd >= 0) {
                fds[count++] = fd;
                opened.add(e);
                continue;
            }
            int errno = Libc.errno();
            String reason = access.explain(e, cpu, errno);
            if (deciding && unsupported(errno)) {
                missingEvents.put(e.key(), reason);
                firstUnsupported = firstUnsupported == null ? reason : firstUnsupported;
                continue;
            }
            closeAll(fds, count);
            return new Result(null, reason);
        }
        if (count == 0) {
            return new Result(null, firstUnsupported);
        }
        if (Libc.ioctl(fds[0], PerfEventAttr.IOC_ENABLE, PerfEventAttr.IOC_FLAG_GROUP) != 0) {
            String reason = "ioctl(PERF_EVENT_IOC_ENABLE) on the cpu " + cpu + " group failed with "
                    + PerfAccess.Errno.name(Libc.errno());
            closeAll(fds, count);
            return new Result(null, reason);
        }
        if (deciding) {
            events = List.copyOf(opened);
        }
        return new Result(java.util.Arrays.copyOf(fds, count), null);
    }

    private int open(PmuEvent e, int cpu, int leader) {
        PerfEventAttr.encode(attrView, e, leader < 0);
        long fd = Libc.syscall(
                Libc.SYS_PERF_EVENT_OPEN, Pointer.nativeValue(attr), -1, cpu, leader, PerfEventAttr.FLAG_FD_CLOEXEC);
        return (int) fd;
    }

    /** The event does not exist on this PMU (as opposed to: not allowed, out of descriptors…). */
    private static boolean unsupported(int errno) {
        return errno == PerfAccess.Errno.ENOENT
                || errno == PerfAccess.Errno.EOPNOTSUPP
                || errno == PerfAccess.Errno.EINVAL;
    }

    private static void closeAll(int[] fds, int count) {
        for (int i = count - 1; i >= 0; i--) {
            Libc.close(fds[i]);
        }
    }
}
