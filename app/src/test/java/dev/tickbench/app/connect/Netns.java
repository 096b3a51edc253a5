package dev.tickbench.app.connect;

import dev.tickbench.testkit.Prerequisites;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A network namespace of the test's own, joined to this one by a veth pair on a link-local /30 of
 * its own: {@link #inside} is reachable from here, anything listening on the namespace's loopback
 * is not (it is another loopback). Removed, with its veth pair, on close: the machine is left as found.
 */
public final class Netns implements AutoCloseable {
    final String name;
    /** This side's address of the link. */
    final String outside;
    /** The namespace's address of the link. */
    public final String inside;

    private Netns(String name, String outside, String inside) {
        this.name = name;
        this.outside = outside;
        this.inside = inside;
    }

    public static Netns create() throws Exception {
        Prerequisites.require(Prerequisites.root(), "network namespaces need root (ip netns add)");
        Prerequisites.tool("ip", "iproute2");
        int id = ThreadLocalRandom.current().nextInt(1, 60_000);
        String name = "tb-ssh-" + id;
        int third = 100 + id % 150;
        int fourth = (id / 150 % 60) * 4;
        String base = "169.254." + third + ".";
        Netns n = new Netns(name, base + (fourth + 1), base + (fourth + 2));
        String here = "tbh" + id;
        String there = "tbn" + id;
        ip("netns", "add", name);
        try {
            ip("link", "add", here, "type", "veth", "peer", "name", there);
            ip("link", "set", there, "netns", name);
            ip("addr", "add", n.outside + "/30", "dev", here);
            ip("link", "set", here, "up");
            ip("-n", name, "addr", "add", n.inside + "/30", "dev", there);
            ip("-n", name, "link", "set", there, "up");
            ip("-n", name, "link", "set", "lo", "up");
        } catch (Exception | AssertionError e) {
            n.close();
            throw e;
        }
        return n;
    }

    /** The words that run a command inside. */
    public List<String> exec() {
        return List.of("ip", "netns", "exec", name);
    }

    private static void ip(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("ip"));
        command.addAll(List.of(args));
        RealAgent.run(command, java.util.Map.of());
    }

    @Override
    public void close() throws Exception {
        ip("netns", "del", name); // its end of the veth goes with it, and so does ours
    }
}
