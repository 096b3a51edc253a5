package dev.tickbench.app.session;

import dev.tickbench.core.derived.DerivedKind;
import dev.tickbench.core.derived.DerivedWindow;
import dev.tickbench.core.sampler.AchievedCadences;
import java.util.Collection;

/** What the badges add to a series' cadence: the derived window, and what the stream says was achieved. */
final class CadenceBadges {
    private static final String CPU_SOME = DerivedKind.PSI_SOME.name("cpu");

    private CadenceBadges() {}

    /**
     * "1 s window", and for busy and iowait the jiffy steps when they dominate ("tick window · jiffy steps
     * of 50 %"); cpu.some says why no cpu.full is beside it (docs/derived-series.md).
     */
    static String windowNote(String name, DerivedKind kind, DerivedWindow w, String quantised) {
        boolean cpu = kind.derivation().cpuTime();
        return w.label() + " window" + (cpu && quantised != null ? " · " + quantised : "")
                + (name.equals(CPU_SOME) ? " · full: undefined system-wide" : "");
    }

    /**
     * A {@code cadence} line (docs/cadence.md, "Achieved cadence"): every series' badge and the session's
     * source rows say what their source really achieved beside its plan, or nothing more once it is back
     * on plan. Returns the session with its rows updated (null stays null).
     */
    static SessionInfo achieved(AchievedCadences a, Collection<Series> series, SessionInfo session) {
        for (Series s : series) {
            if (s.cadence() != null && !s.source().equals("throttle")) {
                s.cadence(s.cadence().withAchieved(a.hz().get(s.source())));
            }
        }
        return session == null ? null : session.withAchieved(a.hz());
    }
}
