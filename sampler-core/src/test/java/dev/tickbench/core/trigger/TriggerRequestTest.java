package dev.tickbench.core.trigger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tickbench.core.trigger.TriggerControl.Request;
import dev.tickbench.core.trigger.TriggerControl.Verb;
import org.junit.jupiter.api.Test;

/** A request line as the workbench spells it is read back by the probe as the same request. */
class TriggerRequestTest {
    @Test
    void aRequestSpelledForTheWireIsReadBackAsTheSameRequest() {
        Request arm = Request.arm("  hot: thermal_zone0_c > 80 ");
        assertEquals("arm hot: thermal_zone0_c > 80", arm.line());
        assertEquals(arm, Request.parse(arm.line()));
        Request disarm = Request.disarm("hot");
        assertEquals("disarm hot", disarm.line());
        assertEquals(disarm, Request.parse(disarm.line()));
        assertEquals(new Request(Verb.LIST, ""), Request.parse(" list "));
    }

    @Test
    void anyOtherFirstWordIsUnknownAndIsNeverSent() {
        assertEquals(Verb.UNKNOWN, Request.parse("rm -rf /").verb());
        assertEquals(Verb.UNKNOWN, Request.parse("armed t1").verb());
        assertEquals(Verb.UNKNOWN, Request.parse("").verb());
        Request unknown = Request.parse("rm -rf /");
        assertThrows(IllegalStateException.class, unknown::line);
    }
}
