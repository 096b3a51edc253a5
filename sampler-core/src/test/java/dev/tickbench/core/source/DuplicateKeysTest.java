package dev.tickbench.core.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A router's slabinfo can list two caches of one name: a sample must never carry one key twice. */
class DuplicateKeysTest {
    private static final String SLAB = "slabinfo - version: 2.1\n"
            + "# name            <active_objs> <num_objs> <objsize> <objperslab> <pagesperslab> : tunables\n"
            + "nf_conntrack        1234   1300    256   16    1 : tunables    0    0    0 : slabdata     81     81      0\n"
            + "dentry               500    600    192   21    1 : tunables    0    0    0 : slabdata     28     28      0\n"
            + "nf_conntrack           7      0    256   16    1 : tunables    0    0    0 : slabdata      0      0      0\n";

    private static List<String> keys(ValueTable t) {
        List<String> k = new ArrayList<>();
        for (int i = 0; i < t.size(); i++) {
            k.add(t.key(i));
        }
        return k;
    }

    @Test
    void duplicatesAreNumberedAndReusedOnTheNextRead() throws Exception {
        byte[] b = SLAB.getBytes(StandardCharsets.US_ASCII);
        ValueTable t = new ValueTable();
        TextScanner s = new TextScanner();
        t.begin();
        SlabInfo.parse(s.reset(b, b.length), t);
        assertEquals(List.of("nf_conntrack", "dentry", "nf_conntrack#2"), keys(t));
        assertEquals(7, t.get("nf_conntrack#2", -1));
        String second = t.key(2);
        t.begin();
        SlabInfo.parse(s.reset(b, b.length), t);
        assertEquals(List.of("nf_conntrack", "dentry", "nf_conntrack#2"), keys(t));
        assertSame(second, t.key(2), "the renamed key is reused, not rebuilt every read");
    }
}
