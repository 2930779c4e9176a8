package dev.regrade.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Stats}: medians, the ratios of paired runs, rounding and the milliseconds column. */
class StatsTest {
    @Test
    void theMedianOfAnOddCountIsTheMiddleSample() {
        assertEquals(2.0, Stats.median(List.of(3.0, 1.0, 2.0)));
        assertEquals(5.0, Stats.median(List.of(9.0, 5.0, 1.0, 7.0, 2.0)));
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        assertEquals(2.5, Stats.median(List.of(4.0, 1.0, 3.0, 2.0)));
        assertEquals(15.0, Stats.median(List.of(20.0, 10.0)));
    }

    @Test
    void theMedianOfOneRunIsThatRunAndOfNoneIsNaN() {
        assertEquals(7.5, Stats.median(List.of(7.5)));
        assertTrue(Double.isNaN(Stats.median(List.of())));
    }

    @Test
    void theMedianLeavesTheSamplesInTheirOrder() {
        List<Double> samples = new ArrayList<>(List.of(3.0, 1.0, 2.0));
        Stats.median(samples);
        assertEquals(List.of(3.0, 1.0, 2.0), samples, "the documents list samples in run order");
    }

    @Test
    void eachRunIsPairedWithTheRunOfTheSameIndex() {
        assertEquals(List.of(3.0, 1.0, 3.0), Stats.pairRatios(List.of(300.0, 200.0, 900.0), List.of(100.0, 200.0, 300.0)));
        assertThrows(IllegalArgumentException.class, () -> Stats.pairRatios(List.of(1.0, 2.0), List.of(1.0)),
                "a run without its pair is a bench bug, not a ratio");
    }

    @Test
    void theMedianOfPairRatiosIsNotTheRatioOfMedians() {
        // Original runs 300, 200, 900 ms paired with Regrade runs 100, 200, 300 ms: the medians are 300 and
        // 200 (ratio 1.5), while two of the three pairs say 3x: the bench reports both (ratio, ratio_of_pairs_median).
        List<Double> original = List.of(300.0, 200.0, 900.0);
        List<Double> regrade = List.of(100.0, 200.0, 300.0);
        assertEquals(1.5, Stats.round2(Stats.median(original) / Stats.median(regrade)));
        assertEquals(3.0, Stats.round2(Stats.median(Stats.pairRatios(original, regrade))));
    }

    @Test
    void roundingToOneAndTwoDecimals() {
        assertEquals(428.6, Stats.round1(428.5714));
        assertEquals(0.4, Stats.round1(0.4321));
        assertEquals(2.83, Stats.round2(2.8349));
        assertEquals(-1.5, Stats.round1(-1.54));
    }

    @Test
    void millisecondsBelowASecondAndSecondsAbove() {
        assertEquals("480 ms", Stats.formatMs(480.4));
        assertEquals("0 ms", Stats.formatMs(0.2));
        assertEquals("1.00 s", Stats.formatMs(1000));
        assertEquals("2.66 s", Stats.formatMs(2658));
        // Just under a second rounds up to "1000 ms" rather than "1.00 s": the column is still unambiguous.
        assertEquals("1000 ms", Stats.formatMs(999.6));
    }
}
