package dev.tickbench.core.throttle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class PeakTrackerTest {
    private static Peaks peaks(double cpu, double mem, double iowait, double disk) {
        return new Peaks(
                OptionalDouble.of(cpu), OptionalDouble.of(mem), OptionalDouble.of(iowait), OptionalDouble.of(disk));
    }

    @Test
    void drainWithoutDataIsEmptyNotZeros() {
        PeakTracker p = new PeakTracker();
        assertEquals(Optional.empty(), p.drain());
    }

    @Test
    void keepsMaximaPerDimensionAndResetsOnDrain() {
        PeakTracker p = new PeakTracker();
        p.observe(10, 20, 30, 40);
        p.observe(5, 50, 1, 1);
        assertEquals(Optional.of(peaks(10, 50, 30, 40)), p.drain());
        assertEquals(Optional.empty(), p.drain());
        p.observe(1, 2, 3, 4);
        assertEquals(Optional.of(peaks(1, 2, 3, 4)), p.drain(), "old maxima did not survive the drain");
    }

    @Test
    void aNaNAnywhereDropsTheWholeSample() {
        PeakTracker p = new PeakTracker();
        p.observe(99, Double.NaN, 99, 99);
        assertEquals(Optional.empty(), p.drain());
        p.observe(10, 20, 30, 40);
        p.observe(Double.NaN, 90, 90, 90);
        p.observe(90, 90, 90, Double.NaN);
        assertEquals(Optional.of(peaks(10, 20, 30, 40)), p.drain());
    }

    @Test
    void negativesClampToZero() {
        PeakTracker p = new PeakTracker();
        p.observe(-5, -1, -0.5, -3);
        assertEquals(Optional.of(peaks(0, 0, 0, 0)), p.drain());
    }

    @Test
    void anUnmeasuredDimensionStaysAbsent() {
        PeakTracker p = new PeakTracker();
        p.observe(OptionalDouble.of(10), OptionalDouble.of(20), OptionalDouble.of(5), OptionalDouble.empty());
        Peaks got = p.drain().orElseThrow();
        assertEquals(OptionalDouble.of(10), got.cpu());
        assertTrue(got.disk().isEmpty());
        p.observe(OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty());
        assertEquals(Optional.empty(), p.drain(), "a sample with nothing in it is no data");
    }
}
