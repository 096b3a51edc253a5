package dev.tickbench.app.connect;

import java.util.ArrayList;
import java.util.List;

/**
 * What to ask the probe's {@code stream} command for: rate, FLOOR_HZ, at most one cgroup target
 * (a process or a cgroup path: the probe takes one) and the throttle ceiling. Null = not given: a
 * FLOOR_HZ not given is not sent, so the probe keeps a {@code FLOOR_HZ} set in the target's environment.
 */
public record StreamRequest(int rateHz, Integer floorHz, Long pid, String cgroup, Integer ceiling) {
    public StreamRequest {
        if (pid != null && cgroup != null) {
            throw new IllegalArgumentException("one cgroup target: a PID or a cgroup path, not both");
        }
    }

    public static StreamRequest of(int rateHz, int floorHz) {
        return new StreamRequest(rateHz, floorHz, null, null, null);
    }

    /** With {@code target} as the cgroup target (null: none), a PID or a path as the probe takes each. */
    public static StreamRequest of(
            int rateHz,
            Integer floorHz,
            dev.tickbench.core.session.SessionConfig.CgroupChoice target,
            Integer ceiling) {
        return new StreamRequest(
                rateHz,
                floorHz,
                target instanceof dev.tickbench.core.session.SessionConfig.CgroupChoice.Pid p ? p.pid() : null,
                target instanceof dev.tickbench.core.session.SessionConfig.CgroupChoice.Path p ? p.path() : null,
                ceiling);
    }

    /** At {@code rateHz}, FLOOR_HZ left to the target's environment. */
    public static StreamRequest of(int rateHz) {
        return new StreamRequest(rateHz, null, null, null, null);
    }

    /** The arguments after {@code stream}, each a separate word. */
    public List<String> streamArgs() {
        List<String> args = new ArrayList<>(List.of("stream", "--rate", Integer.toString(rateHz)));
        if (floorHz != null) {
            args.add("--floor-hz");
            args.add(floorHz.toString());
        }
        if (pid != null) {
            args.add("--pid");
            args.add(pid.toString());
        }
        if (cgroup != null) {
            args.add("--cgroup");
            args.add(cgroup);
        }
        if (ceiling != null) {
            args.add("--ceiling");
            args.add(ceiling.toString());
        }
        return args;
    }

    /** Words joined into one remote shell command line, each quoted where the shell would split it. */
    static String shellJoin(List<String> words) {
        StringBuilder b = new StringBuilder();
        for (String w : words) {
            if (!b.isEmpty()) {
                b.append(' ');
            }
            b.append(shellQuote(w));
        }
        return b.toString();
    }

    static String shellQuote(String word) {
        if (!word.isEmpty()
                && word.chars().allMatch(c -> Character.isLetterOrDigit(c) || "-_./=:,+@%".indexOf(c) >= 0)) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
