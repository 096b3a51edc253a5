package dev.tickbench.core.who;

import java.io.IOException;

/**
 * A child process for the tests on real processes: {@code memory MIB} allocates and touches that many MiB
 * (every page written), then says {@code ready} and holds them until its stdin closes. Run with
 * {@code java -cp <test classpath> dev.tickbench.core.who.Hog memory 200}.
 */
public final class Hog {
    private Hog() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 2 || !args[0].equals("memory")) {
            System.err.println("usage: Hog memory MIB");
            System.exit(2);
        }
        int mib = Integer.parseInt(args[1]);
        byte[][] held = new byte[mib][];
        for (int i = 0; i < mib; i++) {
            held[i] = new byte[1 << 20];
            for (int p = 0; p < held[i].length; p += 4096) {
                held[i][p] = (byte) (i + p); // written, so resident whatever the JVM's zeroing did
            }
        }
        System.out.println("ready");
        System.out.flush();
        while (System.in.read() >= 0) {
            // holds the memory until the test closes our stdin (or kills us)
        }
        System.out.println(held.length);
    }
}
