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
}
