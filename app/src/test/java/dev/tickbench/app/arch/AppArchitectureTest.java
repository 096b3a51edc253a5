package dev.tickbench.app.arch;

import static dev.tickbench.testkit.ArchitectureRules.assertCatches;
import static dev.tickbench.testkit.ArchitectureRules.fixture;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.tickbench.testkit.ArchitectureRules;
import org.junit.jupiter.api.Test;

/**
 * The workbench's layers (ArchUnit): the session (series, selection, time window), the session
 * controller, the export and the recording are headless, and the charts only read them; the packages
 * form no cycle. Each rule also runs against {@code dev.tickbench.archfixture.app}, test classes that
 * break it on purpose, and must catch them.
 */
@AnalyzeClasses(packages = AppArchitectureTest.APP, importOptions = ImportOption.DoNotIncludeTests.class)
class AppArchitectureTest {
    static final String APP = "dev.tickbench.app";
    private static final String BROKEN = "dev.tickbench.archfixture.app";
    /** The layers below the views: no JavaFX, no ChartFX (docs/workbench-charts.md, "Layers"). */
    private static final String[] HEADLESS = {"session", "control", "export", "recording"};

    @ArchTest
    static final ArchRule theSessionDoesNotUseTheCharts = ArchitectureRules.doesNotUse(APP, "session", "charts");

    @ArchTest
    static final ArchRule theHeadlessLayersUseNoToolkit = ArchitectureRules.withoutToolkit(APP, HEADLESS);

    @ArchTest
    static final ArchRule noPackageCycles = ArchitectureRules.noCycles(APP);

    @Test
    void eachRuleCatchesTheClassesThatBreakIt() {
        var broken = fixture(BROKEN);
        assertCatches(ArchitectureRules.doesNotUse(BROKEN, "session", "charts"), broken);
        assertCatches(ArchitectureRules.withoutToolkit(BROKEN, HEADLESS), broken);
        assertCatches(ArchitectureRules.noCycles(BROKEN), broken);
    }
}
