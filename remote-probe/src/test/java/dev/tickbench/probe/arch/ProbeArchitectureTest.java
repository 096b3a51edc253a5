package dev.tickbench.probe.arch;

import static dev.tickbench.testkit.ArchitectureRules.assertCatches;
import static dev.tickbench.testkit.ArchitectureRules.fixture;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.tickbench.testkit.ArchitectureRules;
import org.junit.jupiter.api.Test;

/**
 * The probe's layers (ArchUnit): the command line ({@code cli}) builds and starts the servers, which
 * know nothing of it; what both need (user errors, ADDR:PORT flags, the command streams, the version)
 * is in {@code common}. Each rule also runs against {@code dev.tickbench.archfixture.probe}, test
 * classes that break it on purpose, and must catch them.
 */
@AnalyzeClasses(packages = ProbeArchitectureTest.PROBE, importOptions = ImportOption.DoNotIncludeTests.class)
class ProbeArchitectureTest {
    static final String PROBE = "dev.tickbench.probe";
    private static final String BROKEN = "dev.tickbench.archfixture.probe";

    @ArchTest
    static final ArchRule theHttpServerDoesNotUseTheCommandLine = ArchitectureRules.doesNotUse(PROBE, "http", "cli");

    @ArchTest
    static final ArchRule theSshServerDoesNotUseTheCommandLine = ArchitectureRules.doesNotUse(PROBE, "ssh", "cli");

    @ArchTest
    static final ArchRule noPackageCycles = ArchitectureRules.noCycles(PROBE);

    @Test
    void eachRuleCatchesTheClassesThatBreakIt() {
        var broken = fixture(BROKEN);
        assertCatches(ArchitectureRules.doesNotUse(BROKEN, "http", "cli"), broken);
        assertCatches(ArchitectureRules.doesNotUse(BROKEN, "ssh", "cli"), broken);
        assertCatches(ArchitectureRules.noCycles(BROKEN), broken);
    }
}
