package dev.tickbench.core.arch;

import static dev.tickbench.testkit.ArchitectureRules.assertCatches;
import static dev.tickbench.testkit.ArchitectureRules.fixture;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.tickbench.testkit.ArchitectureRules;
import org.junit.jupiter.api.Test;

/**
 * The core's architecture, as rules over its compiled classes (ArchUnit; the Maven enforcer rule bans
 * the UI and SSH artifacts, this catches a class reached through another dependency). Each rule also
 * runs against {@code dev.tickbench.archfixture.core}, test classes that break it on purpose, and must
 * catch them.
 */
@AnalyzeClasses(packages = CoreArchitectureTest.CORE, importOptions = ImportOption.DoNotIncludeTests.class)
class CoreArchitectureTest {
    static final String CORE = "dev.tickbench.core";
    private static final String BROKEN = "dev.tickbench.archfixture.core";

    @ArchTest
    static final ArchRule theCoreIsHeadless = ArchitectureRules.headless(CORE);

    @ArchTest
    static final ArchRule theCaptureCodecDoesNotUseDerivedSeries =
            ArchitectureRules.doesNotUse(CORE, "capture", "derived");

    @ArchTest
    static final ArchRule theCatalogueIsALeaf = ArchitectureRules.leaf(CORE, "catalogue");

    @ArchTest
    static final ArchRule noPackageCycles = ArchitectureRules.noCycles(CORE);

    @Test
    void eachRuleCatchesTheClassesThatBreakIt() {
        var broken = fixture(BROKEN);
        assertCatches(ArchitectureRules.headless(BROKEN), broken);
        assertCatches(ArchitectureRules.doesNotUse(BROKEN, "capture", "derived"), broken);
        assertCatches(ArchitectureRules.leaf(BROKEN, "catalogue"), broken);
        assertCatches(ArchitectureRules.noCycles(BROKEN), broken);
    }
}
