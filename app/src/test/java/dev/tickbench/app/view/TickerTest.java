package dev.tickbench.app.view;

import static dev.tickbench.app.view.FxThread.fx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.Waits;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The window's tickers turn together: whatever their periods and whenever each was started,
 * a ticker runs in an FX turn of the one shared clock, and a longer period's turns are turns of every
 * shorter period that divides it. So the follow step (½ s), the clock verdict (½ s) and the observer's
 * figures (1 s) change in one FX turn, drawn in one pulse. Counted in turns, never timed.
 */
class TickerTest {
    @BeforeAll
    static void toolkit() throws Exception {
        FxThread.start();
    }

    private static boolean ask(java.util.concurrent.Callable<Boolean> c) {
        try {
            return fx(c);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void tickersStartedApartRunInTheSameTurns() throws Exception {
        List<Long> halfSecond = new ArrayList<>(); // FX thread
        List<Long> second = new ArrayList<>();
        List<Long> again = new ArrayList<>();
        Ticker a = new Ticker(500, now -> halfSecond.add(Ticker.turns()));
        Ticker b = new Ticker(1000, now -> second.add(Ticker.turns()));
        Ticker c = new Ticker(500, now -> again.add(Ticker.turns()));
        fx(() -> {
            a.start();
            return null;
        });
        Waits.until("the first ticker's first turn", () -> ask(() -> !halfSecond.isEmpty()));
        fx(() -> {
            b.start();
            return null;
        }); // started a turn or more later: another phase on a clock of its own
        Waits.until("the second ticker's first turn", () -> ask(() -> !second.isEmpty()));
        fx(() -> {
            c.start();
            return null;
        });
        Waits.until("three turns of the 1 s ticker", () -> ask(() -> second.size() >= 3));
        fx(() -> {
            a.stop();
            b.stop();
            c.stop();
            return null;
        });

        List<Long> seconds = fx(() -> List.copyOf(second));
        List<Long> halves = fx(() -> List.copyOf(halfSecond));
        List<Long> thirds = fx(() -> List.copyOf(again));
        assertTrue(halves.containsAll(seconds), "every 1 s turn is a ½ s turn: " + seconds + " in " + halves);
        assertTrue(
                halves.containsAll(thirds), "two ½ s tickers started apart turn together: " + thirds + " in " + halves);
        assertEquals(halves.stream().distinct().count(), halves.size(), "one run per turn");
    }

    @Test
    void aPeriodIsAWholeNumberOfTicks() {
        assertEquals(2, Ticker.ticksPer(500));
        assertEquals(4, Ticker.ticksPer(1000));
        assertEquals(1, Ticker.ticksPer(100), "at least one tick");
        assertEquals(1, Ticker.ticksPer(Ticker.GRID_MS));
    }
}
