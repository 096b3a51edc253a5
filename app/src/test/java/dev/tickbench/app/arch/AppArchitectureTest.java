package dev.tickbench.app.arch;

import static dev.tickbench.testkit.ArchitectureRules.assertCatches;
import static dev.tickbench.testkit.ArchitectureRules.fixture;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchIgnore;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.tickbench.testkit.ArchitectureRules;
import org.junit.jupiter.api.Test;

/**
 * The workbench's layers (ArchUnit): the session (series, selection, time window, export) is headless
 * and the charts only read it. Each rule also runs against {@code dev.tickbench.archfixture.app}, test
 * classes that break it on purpose, and must catch them. The two rules the app does not keep yet are
 * written and ignored with their reason, so the report lists them as skipped until they pass.
 */
@AnalyzeClasses(packages = AppArchitectureTest.APP, importOptions = ImportOption.DoNotIncludeTests.class)
class AppArchitectureTest {
    static final String APP = "dev.tickbench.app";
    private static final String BROKEN = "dev.tickbench.archfixture.app";
    private static final String PENDING = "until the app's session layer is rebuilt (issue 24): today Series and"
            + " SeriesStore import ChartGroup, CadenceLabel and DefaultPicks from charts";

    @ArchIgnore(reason = PENDING)
    @ArchTest
    static final ArchRule theSessionDoesNotUseTheCharts = ArchitectureRules.doesNotUse(APP, "session", "charts");

    @ArchIgnore(reason = PENDING + " (the session <-> charts cycle)")
    @ArchTest
    static final ArchRule noPackageCycles = ArchitectureRules.noCycles(APP);

    @Test
    void eachRuleCatchesTheClassesThatBreakIt() {
        var broken = fixture(BROKEN);
        assertCatches(ArchitectureRules.doesNotUse(BROKEN, "session", "charts"), broken);
        assertCatches(ArchitectureRules.noCycles(BROKEN), broken);
    }
}
