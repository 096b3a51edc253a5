package dev.tickbench.core.source;

import dev.tickbench.core.cadence.CadenceRule;
import java.io.IOException;

/**
 * A source known in advance to be absent, kept in the catalog so capabilities can say why: thermal
 * zones on a board that has none.
 */
public final class AbsentSource implements Source {
    private final String name;
    private final SourceKind kind;
    private final String reason;
    private final ValueTable values = new ValueTable();

    public AbsentSource(String name, SourceKind kind, String reason) {
        this.name = name;
        this.kind = kind;
        this.reason = reason;
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
        return Presence.absent(reason);
    }

    @Override
    public CadenceRule cadenceRule() {
        return new CadenceRule.EveryTick();
    }

    @Override
    public void read() throws IOException {
        throw new IOException(name + " is absent: " + reason);
    }

    @Override
    public ValueTable values() {
        return values;
    }
}
