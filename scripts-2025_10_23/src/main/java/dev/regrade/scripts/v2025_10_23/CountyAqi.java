package dev.regrade.scripts.v2025_10_23;

import static dev.regrade.pycompat.PyTruth.truthy;
import static dev.regrade.api.Variant.RELEASED_AND_FIXED;

import dev.regrade.pycompat.PyRepr;
import dev.regrade.pycompat.PyStr;
import dev.regrade.pycompat.PyWhitespace;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.Node;
import dev.regrade.rubric.Sources;
import dev.regrade.rubric.Strategy;
import dev.regrade.rubric.script.DeclaredExtraction;
import dev.regrade.rubric.script.RubricScript;
import dev.regrade.rubric.script.ScriptSubject;
import dev.regrade.rubric.script.ScriptDeclaration;
import dev.regrade.api.Variant;
import dev.regrade.rubric.template.Default;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code county_AQI}: three Pennsylvania counties with more than 300 "Good" AQI days in 2024 (EPA
 * Air Quality Index Report), each with its number of Good days, a recent population (U.S. Census
 * Bureau) and a recent GDP (FRED), each figure with its year; "recent" is the ten years ending in
 * the evaluation year ({@code datetime.now().year}, here the run's evaluation date).
 *
 * <p>Released: the GDP-year check ({@code county_i_gdp_year}) builds its claim from the county's
 * {@code population_year}, and its description says "population data", so a GDP year outside the
 * window passes and an in-window GDP year fails with an out-of-window population year. {@code
 * fixed} (FIXES.md §A): the claim uses {@code gdp_year} and the description says "GDP data".
 */
public final class CountyAqi {
    static final String TASK_ID = "county_AQI";

    /** The script's {@link dev.regrade.api.Subject} provider (registered in META-INF/services). */
    public static final class Provider extends ScriptSubject {
        public Provider() {
            super(TASK_ID);
        }

        @Override
        protected RubricScript load() {
            return SCRIPT;
        }
    }
    static final String TASK_DESCRIPTION = """

            Identify three counties in the state of Pennsylvania that had more than 300 days with an Air Quality Index (AQI) rating of 0\u201350 ("Good") in the year 2024, according to the official Air Quality Index Report published by the U.S. Environmental Protection Agency (EPA). For each selected county, provide the following information:
            * Number of "Good" AQI days recorded in 2024.
            * The county's recent population within the last 10 years based on official data from the U.S. Census Bureau, explicitly stating the year.
            * The county's recent Gross Domestic Product (GDP) within the last 10 years according to the Federal Reserve Bank of St. Louis, explicitly stating the year of the GDP data.
            """;

    /** Ground truth data (insertion order matters: the first key containing a name wins). */
    static final Map<String, Integer> QUALIFYING_COUNTIES = OrderedMaps.of(
            "Franklin County", 305,
            "Tioga County", 316,
            "Wyoming County", 319,
            "Susquehanna County", 321,
            "Somerset County", 323,
            "Monroe County", 329,
            "Elk County", 343);

    static final String OFFICIAL_AQI_REPORT_URL =
            "https://www.epa.gov/outdoor-air-quality-data/air-quality-index-report";

    // ----------------------------------------------------------------------- data models for extracted information

    /** The original's {@code CountyInfo}; {@code good_aqi_days} is {@code Optional[int]}. */
    public record CountyInfo(
            String name,
            Long good_aqi_days,
            String population,
            String population_year,
            String gdp,
            String gdp_year) {
        /** {@code CountyInfo()}: every field None. */
        static CountyInfo empty() {
            return new CountyInfo(null, null, null, null, null, null);
        }
    }

    /** The original's {@code ExtractedCounties}. */
    public record ExtractedCounties(@Default("[]") List<CountyInfo> counties) {
    }

    /** The original's {@code ExtractedAQIUrls}. */
    public record ExtractedAQIUrls(@Default("[]") List<String> urls) {
    }

    /** The original's {@code ExtractedCountyUrls}. */
    public record ExtractedCountyUrls(@Default("[]") List<String> urls) {
    }

    /** Declared once: the variants, and each template extracted into with its extraction names or globs. */
    public static final RubricScript SCRIPT = new RubricScript(new ScriptDeclaration(TASK_ID, RELEASED_AND_FIXED,
            new DeclaredExtraction(ExtractedCounties.class, "counties"),
            new DeclaredExtraction(ExtractedAQIUrls.class, "aqi_urls"),
            new DeclaredExtraction(ExtractedCountyUrls.class, // * = the county slot, 0 to 2
                    "county_*_population_urls", "county_*_gdp_urls")),
            CountyAqi::evaluateAnswer);

    private CountyAqi() {
    }

    // ----------------------------------------------------------------------- extraction prompts (not dedented)

    static String promptExtractCounties() {
        return "\n"
                + "    Extract information about the Pennsylvania counties mentioned in the answer. For each county, "
                + "extract:\n"
                + "    - name: The exact county name as mentioned in the answer\n"
                + "    - good_aqi_days: The extact number of \"Good\" AQI days mentioned for 2024\n"
                + "    - population: The population figure mentioned\n"
                + "    - population_year: The year for which the population data is provided\n"
                + "    - gdp: The GDP value mentioned\n"
                + "    - gdp_year: The year for which the GDP data is provided\n"
                + "\n"
                + "    If any information is missing for a county, set the corresponding field to null.\n"
                + "    Extract all counties mentioned, even if more than three are provided.\n"
                + "    ";
    }

    static String promptExtractAqiUrls() {
        return "\n"
                + "    Extract all URLs that are cited as sources for Air Quality Index (AQI) data or EPA air quality "
                + "reports.\n"
                + "    Look for URLs that appear to be from the EPA or relate to air quality data.\n"
                + "    ";
    }

    static String promptExtractPopulationUrlsForCounty(String countyName) {
        return "\n"
                + "    Extract all URLs that are cited as sources for population data specifically for " + countyName
                + ".\n"
                + "    Look for URLs that appear to be from the U.S. Census Bureau or relate to population "
                + "statistics.\n"
                + "    Only include URLs that are explicitly associated with population data for " + countyName + ".\n"
                + "    ";
    }

    static String promptExtractGdpUrlsForCounty(String countyName) {
        return "\n"
                + "    Extract all URLs that are cited as sources for GDP (Gross Domestic Product) data specifically for "
                + countyName + ".\n"
                + "    Look for URLs that appear to be from the Federal Reserve Bank of St. Louis or relate to economic "
                + "data.\n"
                + "    Only include URLs that are explicitly associated with GDP data for " + countyName + ".\n"
                + "    ";
    }

    // ----------------------------------------------------------------------- helper functions

    /** Normalize county name for comparison (case-sensitive replaces, Python strip and title). */
    static String normalizeCountyName(String countyName) {
        if (!truthy(countyName)) {
            return "";
        }
        // Remove "County" and "PA" suffixes, strip whitespace
        String name = PyWhitespace.strip(countyName.replace("County", "").replace("PA", "").replace(",", ""));
        return PyStr.title(name);
    }

    /** Check if county name matches one of the qualifying counties (a substring test). */
    static boolean isQualifyingCounty(String countyName) {
        if (!truthy(countyName)) {
            return false;
        }
        String normalized = normalizeCountyName(countyName);
        for (String qualifying : QUALIFYING_COUNTIES.keySet()) {
            if (PyWhitespace.strip(qualifying.replace("County", "")).contains(normalized)) {
                return true;
            }
        }
        return false;
    }

    /** Get expected AQI days for a qualifying county; None when no key contains the name. */
    static Integer getExpectedAqiDays(String countyName) {
        if (!truthy(countyName)) {
            return null;
        }
        String normalized = normalizeCountyName(countyName);
        for (Map.Entry<String, Integer> e : QUALIFYING_COUNTIES.entrySet()) {
            if (PyWhitespace.strip(e.getKey().replace("County", "")).contains(normalized)) {
                return e.getValue();
            }
        }
        return null;
    }

    // ----------------------------------------------------------------------- verification functions

    /**
     * Verify that exactly three qualifying counties are selected. Defined by the original but never
     * called; kept for the one-method-per-function structure.
     */
    static void verifyCountySelection(Evaluator evaluator, Node parentNode, List<CountyInfo> counties) {
        // Check if exactly 3 counties are provided (take first 3 if more)
        List<CountyInfo> selectedCounties = counties.subList(0, Math.min(3, counties.size()));
        // Verify each selected county is qualifying
        boolean allQualifying = true;
        for (CountyInfo county : selectedCounties) {
            if (!isQualifyingCounty(county.name())) {
                allQualifying = false;
                break;
            }
        }
        // We require at least one county and all selected must be qualifying
        boolean success = selectedCounties.size() >= 1 && allQualifying;
        evaluator.addCustomNode(success, "county_selection",
                "Exactly three counties are selected and all are from the qualifying list", parentNode, true);
    }

    /** Verify that the official EPA AQI report URL is cited (substring test). */
    static void verifyAqiSource(Evaluator evaluator, Node parentNode, List<String> aqiUrls) {
        boolean officialUrlPresent = false;
        for (String url : aqiUrls) {
            if (url.contains(OFFICIAL_AQI_REPORT_URL)) {
                officialUrlPresent = true;
                break;
            }
        }
        evaluator.addCustomNode(officialUrlPresent, "aqi_source_verification",
                "The official EPA Air Quality Index Report URL is cited as a source", parentNode, true);
    }

    /** Verify AQI data for a single county. */
    static void verifyCountyAqiData(Evaluator evaluator, Node parentNode, CountyInfo county, int countyIndex,
                                    List<String> aqiUrls) {
        Node aqiNode = evaluator.addParallel("county_" + countyIndex + "_aqi",
                "AQI data verification for county " + (countyIndex + 1) + ": " + orElse(county.name(), "Unknown"),
                parentNode);

        // Add existence check
        boolean hasData = truthy(county.name()) && county.good_aqi_days() != null && county.good_aqi_days() != 0L;
        evaluator.addCustomNode(hasData && !aqiUrls.isEmpty(), "county_" + countyIndex + "_aqi_exists",
                "County " + (countyIndex + 1) + " has AQI data and sources", aqiNode, true);

        // Correctness verification
        Node correctnessNode = evaluator.addLeaf("county_" + countyIndex + "_aqi_correctness",
                "County " + (countyIndex + 1) + " AQI days count matches expected value from ground truth",
                aqiNode, true);

        // Verify correctness against ground truth
        Integer expectedDays = truthy(county.name()) ? getExpectedAqiDays(county.name()) : null;

        evaluator.verify("County " + PyRepr.str(county.name()) + " had " + PyRepr.str(county.good_aqi_days())
                        + " days with Good AQI in 2024 (expected: " + PyRepr.str(expectedDays) + ")",
                correctnessNode, Sources.none(),
                "The expected value according to ground truth is " + PyRepr.str(expectedDays)
                        + " days. Accept exact matches only.");
    }

    /** Verify population data for a single county. */
    static void verifyCountyPopulationData(Evaluator evaluator, Node parentNode, CountyInfo county, int countyIndex,
                                           List<String> populationUrls) {
        Node populationNode = evaluator.addParallel("county_" + countyIndex + "_population",
                "Population data verification for county " + (countyIndex + 1) + ": "
                        + orElse(county.name(), "Unknown"),
                parentNode);

        // Check data completeness
        boolean hasCompleteData = truthy(county.population()) && truthy(county.population_year());

        // Add existence check (covers both completeness and sources)
        evaluator.addCustomNode(hasCompleteData && !populationUrls.isEmpty(),
                "county_" + countyIndex + "_population_exists",
                "County " + (countyIndex + 1) + " has complete population data and sources", populationNode, true);

        // Get current year and calculate 10-year range (the evaluation date, not the wall clock)
        int currentYear = evaluator.context().clock().now().getYear();
        int minYear = currentYear - 9; // 10 years including current year

        // Year requirement verification
        Node yearNode = evaluator.addLeaf("county_" + countyIndex + "_population_year",
                "County " + (countyIndex + 1) + " population data is from within the last 10 years (" + minYear + "-"
                        + currentYear + ")",
                populationNode, true);

        evaluator.verify("The year " + PyRepr.str(county.population_year()) + " is within " + minYear + "-"
                        + currentYear + ".",
                yearNode, Sources.none(),
                "Check if the year is between " + minYear + " and " + currentYear + " inclusive");

        // Provenance verification
        Node provenanceNode = evaluator.addLeaf("county_" + countyIndex + "_population_provenance",
                "County " + (countyIndex + 1) + " population data is substantiated by U.S. Census Bureau sources",
                populationNode, true);

        String name = PyRepr.str(county.name());
        evaluator.verify("The page provides the population of " + name + " from the U.S. Census Bureau, and the "
                        + "population of " + name + " was " + PyRepr.str(county.population()) + " in "
                        + PyRepr.str(county.population_year()),
                provenanceNode, Sources.urls(populationUrls));
    }

    /** Verify GDP data for a single county. */
    static void verifyCountyGdpData(Evaluator evaluator, Node parentNode, CountyInfo county, int countyIndex,
                                    List<String> gdpUrls, Variant variant) {
        Node gdpNode = evaluator.addParallel("county_" + countyIndex + "_gdp",
                "GDP data verification for county " + (countyIndex + 1) + ": " + orElse(county.name(), "Unknown"),
                parentNode);

        // Check data completeness
        boolean hasCompleteData = truthy(county.gdp()) && truthy(county.gdp_year());

        // Add existence check
        evaluator.addCustomNode(hasCompleteData && !gdpUrls.isEmpty(), "county_" + countyIndex + "_gdp_exists",
                "County " + (countyIndex + 1) + " has complete GDP data and sources", gdpNode, true);

        // Get current year and calculate 10-year range (the evaluation date, not the wall clock)
        int currentYear = evaluator.context().clock().now().getYear();
        int minYear = currentYear - 9; // 10 years including current year

        // Year requirement verification
        String checkedData = "population";
        String checkedYear = county.population_year();
        if (variant.isFixed()) { // fix: the GDP-year check names GDP data and judges gdp_year, not population_year
            checkedData = "GDP";
            checkedYear = county.gdp_year();
        }
        Node yearNode = evaluator.addLeaf("county_" + countyIndex + "_gdp_year",
                "County " + (countyIndex + 1) + " " + checkedData + " data is from within the last 10 years ("
                        + minYear + "-" + currentYear + ")",
                gdpNode, true);

        evaluator.verify("The year " + PyRepr.str(checkedYear) + " is within " + minYear + "-" + currentYear + ".",
                yearNode, Sources.none(),
                "Check if the year is between " + minYear + " and " + currentYear + " inclusive");

        // Provenance verification
        Node provenanceNode = evaluator.addLeaf("county_" + countyIndex + "_gdp_provenance",
                "County " + (countyIndex + 1) + " GDP data is substantiated by Federal Reserve Bank sources",
                gdpNode, true);

        String name = PyRepr.str(county.name());
        evaluator.verify("The page provides the GDP of " + name + " from the Federal Reserve Bank of St. Louis, and "
                        + "the GDP of " + name + " was " + PyRepr.str(county.gdp()) + " in "
                        + PyRepr.str(county.gdp_year()),
                provenanceNode, Sources.urls(gdpUrls));
    }

    // ----------------------------------------------------------------------- main evaluation entry point

    /** The original's {@code evaluate_answer}. */
    static void evaluateAnswer(Evaluator evaluator, Variant variant) {
        // -------- 1. Initialize evaluator
        Node root = evaluator.initialize(TASK_ID, Strategy.PARALLEL, TASK_DESCRIPTION);

        // -------- 2. Extract structured info from the answer
        ExtractedCounties extractedCounties = evaluator.extract(promptExtractCounties(), ExtractedCounties.class,
                "counties");
        ExtractedAQIUrls extractedAqiUrls = evaluator.extract(promptExtractAqiUrls(), ExtractedAQIUrls.class,
                "aqi_urls");

        // -------- 3. Build verification tree
        // AQI source verification (critical gating condition)
        verifyAqiSource(evaluator, root, extractedAqiUrls.urls());

        // Ensure we have exactly 3 counties to verify (pad with empty if needed)
        List<CountyInfo> all = extractedCounties.counties();
        List<CountyInfo> countiesToVerify = new ArrayList<>(all.subList(0, Math.min(3, all.size())));
        while (countiesToVerify.size() < 3) {
            countiesToVerify.add(CountyInfo.empty()); // Empty county
        }

        // Individual county data verification
        for (int i = 0; i < countiesToVerify.size(); i++) {
            CountyInfo county = countiesToVerify.get(i);
            List<String> populationUrls;
            List<String> gdpUrls;
            if (truthy(county.name())) {
                // Extract population URLs for this specific county
                populationUrls = evaluator.extract(promptExtractPopulationUrlsForCounty(county.name()),
                        ExtractedCountyUrls.class, "county_" + i + "_population_urls").urls();
                // Extract GDP URLs for this specific county
                gdpUrls = evaluator.extract(promptExtractGdpUrlsForCounty(county.name()),
                        ExtractedCountyUrls.class, "county_" + i + "_gdp_urls").urls();
            } else {
                // Empty county has no URLs
                populationUrls = List.of();
                gdpUrls = List.of();
            }

            Map<String, Object> info = new LinkedHashMap<>();
            info.put("population_urls", populationUrls);
            info.put("gdp_urls", gdpUrls);
            evaluator.addCustomInfo(info, "county_population_gdp_urls", "county_" + i + "_population_gdp_urls");

            // No parent: attached to the root
            Node countyNode = evaluator.addParallel("county_" + i,
                    "Verification for county " + i + ": " + orElse(county.name(), "Missing"), null, false);

            evaluator.addCustomNode(isQualifyingCounty(county.name()), "county_" + i + "_qualifying",
                    "Verify whether the county is qualifying according to the ground truth", countyNode, true);

            // AQI data verification
            verifyCountyAqiData(evaluator, countyNode, county, i, extractedAqiUrls.urls());
            // Population data verification
            verifyCountyPopulationData(evaluator, countyNode, county, i, populationUrls);
            // GDP data verification
            verifyCountyGdpData(evaluator, countyNode, county, i, gdpUrls, variant);
        }

        // -------- 4. Aggregate score (the caller takes the summary)
        evaluator.score();
    }

    // ----------------------------------------------------------------------- Python semantics

    /** {@code s or fallback} for an Optional[str]. */
    private static String orElse(String s, String fallback) {
        return truthy(s) ? s : fallback;
    }
}
