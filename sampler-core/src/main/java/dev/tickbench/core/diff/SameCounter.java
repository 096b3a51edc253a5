package dev.tickbench.core.diff;

import java.util.HashMap;
import java.util.Map;

/**
 * Series that are one kernel counter shown twice: {@code /proc/meminfo} prints, in kB, items that
 * {@code /proc/vmstat} prints in pages ({@code fs/proc/meminfo.c} reads them from the same vmstat
 * counters), and {@code /proc/vmstat}'s per-zone LRU sizes add up to its per-node ones. Ranked apart they
 * are the same change two or three times over, pushing other rows down; the ranking shows each once,
 * under its meminfo name, with the others beside it (docs/diff.md, "The order").
 */
final class SameCounter {
    private static final Map<String, String> PRIMARY = new HashMap<>();

    static {
        String[][] pairs = {
            {"MemFree", "nr_free_pages"},
            {"Active(anon)", "nr_active_anon"},
            {"Inactive(anon)", "nr_inactive_anon"},
            {"Active(file)", "nr_active_file"},
            {"Inactive(file)", "nr_inactive_file"},
            {"Unevictable", "nr_unevictable"},
            {"Mlocked", "nr_mlock"},
            {"Dirty", "nr_dirty"},
            {"Writeback", "nr_writeback"},
            {"AnonPages", "nr_anon_pages"},
            {"Mapped", "nr_mapped"},
            {"Shmem", "nr_shmem"},
            {"SReclaimable", "nr_slab_reclaimable"},
            {"SUnreclaim", "nr_slab_unreclaimable"},
            {"KernelStack", "nr_kernel_stack"},
            {"ShadowCallStack", "nr_shadow_call_stack"},
            {"PageTables", "nr_page_table_pages"},
            {"SecPageTables", "nr_sec_page_table_pages"},
            {"Bounce", "nr_bounce"},
            {"WritebackTmp", "nr_writeback_temp"},
            {"AnonHugePages", "nr_anon_transparent_hugepages"},
            {"ShmemHugePages", "nr_shmem_hugepages"},
            {"ShmemPmdMapped", "nr_shmem_pmdmapped"},
            {"FileHugePages", "nr_file_hugepages"},
            {"FilePmdMapped", "nr_file_pmdmapped"}
        };
        for (String[] p : pairs) {
            PRIMARY.put("vmstat." + p[1], "meminfo." + p[0]);
        }
        for (String lru :
                new String[] {"active_anon", "inactive_anon", "active_file", "inactive_file", "unevictable"}) {
            PRIMARY.put("vmstat.nr_zone_" + lru, PRIMARY.get("vmstat.nr_" + lru));
        }
    }

    private SameCounter() {}

    /** The name the counter is shown under when {@code series} is another name of it, else null. */
    static String primary(String series) {
        return PRIMARY.get(series);
    }
}
