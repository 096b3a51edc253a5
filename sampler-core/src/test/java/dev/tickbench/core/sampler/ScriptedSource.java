package dev.tickbench.core.sampler;

import dev.tickbench.core.cadence.CadenceRule;
import dev.tickbench.core.source.Presence;
import dev.tickbench.core.source.Source;
import dev.tickbench.core.source.SourceKind;
import dev.tickbench.core.source.ValueTable;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/** A source whose next read returns whatever the test has set: the tick test scripts file contents. */
final class ScriptedSource implements Source {
    private final String name;
    private final SourceKind kind;
    private final CadenceRule rule;
    private final ValueTable values = new ValueTable();
    private final boolean rows;
    private final Set<String> levelKeys;
    private Supplier<Map<String, Long>> next = Map::of;
    private boolean fail;
    int reads;

    ScriptedSource(String name, SourceKind kind, CadenceRule rule, boolean rows, Set<String> levelKeys) {
        this.name = name;
        this.kind = kind;
        this.rule = rule;
        this.rows = rows;
        this.levelKeys = levelKeys;
    }

    static ScriptedSource level(String name, CadenceRule rule) {
        return new ScriptedSource(name, SourceKind.LEVEL, rule, false, Set.of());
    }

    static ScriptedSource counter(String name) {
        return new ScriptedSource(name, SourceKind.COUNTER, new CadenceRule.EveryTick(), false, Set.of());
    }

    /** The content of the next reads: insertion-ordered keys (use a LinkedHashMap or Map.of for one key). */
    ScriptedSource set(Map<String, Long> content) {
        this.next = () -> content;
        return this;
    }

    /** The content of each next read, asked for at the read (a test can do something at each read). */
    ScriptedSource supply(Supplier<Map<String, Long>> content) {
        this.next = content;
        return this;
    }

    /** Each read takes {@code n} steps ({@link Source#readStep}), whatever their budget. */
    ScriptedSource steps(int n) {
        this.steps = n;
        return this;
    }

    private int steps = 1;
    private int step;
    /** The budgets the sampler gave the steps. */
    final java.util.List<Long> budgets = new java.util.ArrayList<>();

    @Override
    public boolean readStep(long budgetNs) throws IOException {
        budgets.add(budgetNs);
        if (++step < steps) {
            return false;
        }
        step = 0;
        read();
        return true;
    }

    ScriptedSource failing(boolean f) {
        this.fail = f;
        return this;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public SourceKind kind() {
        return kind;
    }

    @Override
    public Presence open() {
        return Presence.PRESENT;
    }

    @Override
    public CadenceRule cadenceRule() {
        return rule;
    }

    @Override
    public void read() throws IOException {
        if (fail) {
            throw new IOException("scripted failure");
        }
        reads++;
        values.begin();
        next.get().forEach(values::put);
    }

    @Override
    public ValueTable values() {
        return values;
    }

    @Override
    public boolean rowFiltered() {
        return rows;
    }

    @Override
    public boolean isLevelKey(int index) {
        return levelKeys.contains(values.key(index));
    }
}
