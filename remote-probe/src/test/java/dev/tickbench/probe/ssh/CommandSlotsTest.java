package dev.tickbench.probe.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * A command whose verb has ended keeps its slot while its client takes its last output (a cut stream's
 * gap line), however long; a new command that finds no slot ends the one that ended longest ago, never
 * one still running.
 */
class CommandSlotsTest {
    /** What closing a channel does: the command's own thread gives the slot back. */
    private static Runnable pushOut(CommandSlots.Lease lease, String name, List<String> pushed) {
        return () -> {
            pushed.add(name);
            new Thread(lease::close, "command-" + name).start();
        };
    }

    @Test
    void aNewCommandEndsTheOneThatEndedLongestAgo() {
        CommandSlots slots = new CommandSlots(3, () -> 1);
        String[] why = new String[1];
        CommandSlots.Lease running = slots.acquire("k", false, why);
        CommandSlots.Lease endedFirst = slots.acquire("k", false, why);
        CommandSlots.Lease endedLater = slots.acquire("k", false, why);
        assertNotNull(running);
        List<String> pushed = new CopyOnWriteArrayList<>();
        endedFirst.draining(pushOut(endedFirst, "first", pushed));
        endedLater.draining(pushOut(endedLater, "later", pushed));

        assertNotNull(slots.acquire("k", false, why), "a slot, once the command that ended first gave it back");
        assertEquals(List.of("first"), pushed);
        assertNotNull(slots.acquire("other", false, why));
        assertEquals(List.of("first", "later"), pushed);
        assertNull(slots.acquire("k", false, why), "the running one is not ended for it");
        assertEquals("busy: 3 commands are running on this probe; try again later", why[0]);
    }

    /** A key at its share ends one of its own that ended; another key's is not touched for it. */
    @Test
    void aKeyAtItsShareEndsOnlyItsOwn() {
        CommandSlots slots = new CommandSlots(4, () -> 2); // a share of 2
        String[] why = new String[1];
        CommandSlots.Lease mine = slots.acquire("a", false, why);
        CommandSlots.Lease mineToo = slots.acquire("a", false, why);
        CommandSlots.Lease theirs = slots.acquire("b", false, why);
        List<String> pushed = new CopyOnWriteArrayList<>();
        theirs.draining(pushOut(theirs, "theirs", pushed));
        assertNull(slots.acquire("a", false, why));
        assertEquals("busy: this key runs 2 commands, its share of the 4 slots; end one or try again later", why[0]);
        assertEquals(List.of(), pushed);

        mineToo.draining(pushOut(mineToo, "mine", pushed));
        assertNotNull(slots.acquire("a", false, why));
        assertEquals(List.of("mine"), pushed);
        mine.close();
    }
}
