package dev.tickbench.core.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The critical values the noise threshold uses, against Student's t tables (SciPy's t.ppf, to 10 digits). */
class StudentTTest {
    @Test
    void criticalValuesMatchTheTables() {
        assertEquals(2.228138852, StudentT.critical(10, 0.05), 1e-8);
        assertEquals(636.6192488, StudentT.critical(1, 0.001), 1e-6);
        assertEquals(3.645958635, StudentT.critical(30, 0.001), 1e-8);
        assertEquals(7.163728139, StudentT.critical(2.5, 0.01), 1e-8); // Welch's df are not whole numbers
    }

    @Test
    void atTheThresholdsSignificance() {
        assertEquals(27.77164766, StudentT.critical(4, SeriesDiff.ALPHA), 1e-6);
        assertEquals(5.090621588, StudentT.critical(38, SeriesDiff.ALPHA), 1e-8);
        assertEquals(4.417196064, StudentT.critical(1e6, SeriesDiff.ALPHA), 1e-7); // the normal's 4.417
    }

    @Test
    void theTailIsTheInverseOfTheCriticalValue() {
        for (double df : new double[] {1, 3.7, 20, 200}) {
            assertEquals(1e-5, StudentT.twoSidedP(StudentT.critical(df, 1e-5), df), 1e-12, "df " + df);
        }
        assertEquals(1.0, StudentT.twoSidedP(0, 5));
    }
}
