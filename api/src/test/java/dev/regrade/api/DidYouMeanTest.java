package dev.regrade.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DidYouMeanTest {
    @Test
    void suggestsTheOneCloseNameOnly() {
        assertEquals(Optional.of("gas_stations"), DidYouMean.closest("gas_statoins", List.of("county_AQI", "gas_stations")));
        assertEquals(Optional.empty(), DidYouMean.closest("weather", List.of("county_AQI", "gas_stations")));
        assertEquals(Optional.empty(), DidYouMean.closest("ab", List.of("ac", "ad")));
        assertEquals("; did you mean 'stations'?", DidYouMean.suffix("stationz", List.of("stations", "urls")));
        assertEquals("", DidYouMean.suffix("stations", List.of("stations", "urls")));
    }

    @Test
    void theThresholdIsTwoEditsOrAQuarterOfTheName() {
        assertEquals(Optional.of("abcd"), DidYouMean.closest("abxy", List.of("abcd")), "2 edits: close");
        assertEquals(Optional.empty(), DidYouMean.closest("axyz", List.of("abcd")), "3 edits in 4 letters: not");
        String longName = "gas_stations_extraction"; // a 24-letter misspelling may be 6 edits away
        assertEquals(6, DidYouMean.distance("gxs_stxtionz_extractixxx", longName));
        assertEquals(Optional.of(longName), DidYouMean.closest("gxs_stxtionz_extractixxx", List.of(longName)));
        assertEquals(7, DidYouMean.distance("gxs_stxtionz_exxractixxx", longName));
        assertEquals(Optional.empty(), DidYouMean.closest("gxs_stxtionz_exxractixxx", List.of(longName)));
        assertEquals(Optional.of("Note"), DidYouMean.closest("nots", List.of("Note", "allow")), "case is ignored");
        assertEquals(Optional.empty(), DidYouMean.closest("ab", List.of("ac", "ad")), "a tie suggests nothing");
    }

    @Test
    void nearestListsTheClosestFirstTiesByName() {
        assertEquals(List.of("a_1", "a_2"), DidYouMean.nearest("a_*", List.of("root", "a_2", "a_1", "a_1"), 2));
        assertEquals(List.of(), DidYouMean.nearest("x", List.of(), 3));
    }

    @Test
    void theDistanceIsLevenshteins() {
        assertEquals(0, DidYouMean.distance("", ""));
        assertEquals(3, DidYouMean.distance("", "abc"));
        assertEquals(3, DidYouMean.distance("kitten", "sitting"));
        assertEquals(2, DidYouMean.distance("flaw", "lawn"));
    }
}
