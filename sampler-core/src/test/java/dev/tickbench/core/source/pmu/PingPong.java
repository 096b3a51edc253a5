package dev.tickbench.core.source.pmu;

import java.util.concurrent.SynchronousQueue;

/**
 * A child process for {@link PmuLiveTest}: two threads hand a token back and forth N times. Run on one
 * CPU ({@code taskset -c N}), every hand-off blocks one thread and wakes the other: at least two
 * context switches per round trip on that CPU.
 */
public final class PingPong {
    private PingPong() {}

    public static void main(String[] args) throws InterruptedException {
        int rounds = Integer.parseInt(args[0]);
        SynchronousQueue<Integer> ping = new SynchronousQueue<>();
        SynchronousQueue<Integer> pong = new SynchronousQueue<>();
        Thread other = new Thread(() -> {
            try {
                for (int i = 0; i < rounds; i++) {
                    pong.put(ping.take());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        other.start();
        for (int i = 0; i < rounds; i++) {
            ping.put(i);
            pong.take();
        }
        other.join();
        System.out.println("done " + rounds);
    }
}
