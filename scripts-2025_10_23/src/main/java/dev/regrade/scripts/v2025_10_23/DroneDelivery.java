package dev.regrade.scripts.v2025_10_23;

import static dev.regrade.pycompat.PyTruth.truthy;
import static dev.regrade.api.Variant.RELEASED_AND_FIXED;

import dev.regrade.pycompat.PyRepr;
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
import dev.regrade.rubric.template.NotNone;
import dev.regrade.rubric.template.Template;
import java.util.ArrayList;
import java.util.List;

/**
 * Mind2Web 2 task {@code drone_delivery}: name two unmanned drone-delivery companies operating (or
 * officially planning to operate) in Africa, from two different countries, each with its country of
 * origin and a link to an article about its Africa operations. The root is PARALLEL over two
 * non-critical company nodes; each has a critical "info extracted" custom node and critical judge
 * checks of origin, Africa operations and the article page; the second company also has the critical
 * different-country check, which asks the judge whether the two countries differ.
 *
 * <p>The fix (FIXES.md §A): in the released script, a first company without a country of origin
 * sends "'None' and '&lt;country&gt;' are different countries" to the judge, because the first company's
 * existence check sits in a sibling branch and does not gate the call. In the fixed variant the
 * different-country check fails without a judge call when either country is missing (None or blank,
 * the script's own notion of "not extracted"): it is recorded as a failed custom node with the same
 * id, description, parent and critical flag as the leaf it replaces.
 */
public final class DroneDelivery {
    // ----------------------------------------------------------------- Task-specific constants
    static final String TASK_ID = "drone_delivery";

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

            Identify two unmanned drone delivery companies that are currently operating or have officially announced plans to operate in Africa. The selected companies must originate from two different countries. For each company, clearly provide the company name, the country of origin (where it was founded), and a link to an article about their operation or plans in Africa.
            """;

    static final String JUDGE_MODEL = "o4-mini";

    // ----------------------------------------------------------------- Data models for extracted info

    /** Information about a single drone delivery company. */
    public record DroneCompany(String company_name,
                               String country_of_origin,
                               @NotNone @Default("[]") List<String> supporting_urls,
                               String description) { // Any additional context about Africa operations
    }

    /** All drone delivery companies mentioned in the answer. */
    public record ExtractedCompanies(@NotNone @Default("[]") List<DroneCompany> companies) {
    }

    /** URLs supporting various aspects of a company. */
    public record CompanyUrls(@NotNone @Default("[]") List<String> urls) {
    }

    /** The specific article URL about Africa operations. */
    public record AfricaArticleUrl(String article_url) {
    }

    /** Declared once: the variants, and each template extracted into with its extraction names or globs. */
    public static final RubricScript SCRIPT = new RubricScript(new ScriptDeclaration(TASK_ID, RELEASED_AND_FIXED,
            new DeclaredExtraction(ExtractedCompanies.class, "extracted_companies"),
            new DeclaredExtraction(CompanyUrls.class, "company_*_all_urls"), // * = the company slot, 0 or 1
            new DeclaredExtraction(AfricaArticleUrl.class, "company_*_africa_article_url")),
            DroneDelivery::evaluateAnswer);

    private DroneDelivery() {
    }

    // ----------------------------------------------------------------- Extraction prompts

    static String promptExtractCompanies() {
        return """

                    Extract all drone delivery companies mentioned in the answer that are stated to operate or have plans to operate in Africa.

                    For each company, extract:
                    - company_name: The exact name of the company as mentioned
                    - country_of_origin: The country where the company was founded/originated
                    - supporting_urls: Any URLs/links provided that discuss the company's Africa operations
                    - description: Brief description of their Africa operations/plans if mentioned

                    Only extract companies that are explicitly mentioned as having drone delivery operations or plans in Africa.
                    If information is missing or unclear, set the field to null.
                \s\s\s\s""";
    }

    static String promptExtractAllCompanyUrls(String companyName) {
        return """

                    Extract ALL URLs/links from the answer that are related to %1$s in any way.
                \s\s\s\s
                    This includes URLs that:
                    - Discuss the company's operations or plans in Africa
                    - Provide information about the company's origin or founding
                    - Contain general information about the company
                    - Mention the company in any relevant context
                \s\s\s\s
                    Extract complete, valid URLs including the protocol (http:// or https://).
                    Include any URL that mentions or relates to %1$s, regardless of the specific topic.
                \s\s\s\s""".formatted(PyRepr.str(companyName));
    }

    static String promptExtractAfricaArticleUrl(String companyName) {
        return """

                    Extract the specific URL/link that is presented in the answer as the article about %1$s's\s
                    drone delivery operations or plans in Africa.
                \s\s\s\s
                    The task asks for "a link to an article about their operation or plans in Africa" for each company.
                    Extract only the URL that is specifically provided to fulfill this requirement.
                \s\s\s\s
                    Do NOT extract general URLs about the company - only the one specifically mentioned as the\s
                    article about their Africa operations.
                \s\s\s\s
                    Return null if no such specific article URL is provided.
                \s\s\s\s""".formatted(PyRepr.str(companyName));
    }

    // ----------------------------------------------------------------- Company verification functions

    /** Verify all requirements for a single company ({@code verify_single_company}). */
    static void verifySingleCompany(Evaluator evaluator, Node parentNode, DroneCompany company, int companyIndex,
                                    List<DroneCompany> companies, Variant variant) {
        Node companyNode = evaluator.addParallel(
                "company_" + companyIndex,
                "Company " + (companyIndex + 1) + " meets all requirements",
                parentNode,
                false); // Allow partial scoring at root level

        // Extract ALL URLs related to this company (not just Africa-specific)
        CompanyUrls allCompanyUrls = evaluator.extract(
                truthy(company.company_name())
                        ? promptExtractAllCompanyUrls(company.company_name())
                        : "Extract any URLs from the answer",
                CompanyUrls.class,
                "company_" + companyIndex + "_all_urls");

        // Combine with supporting_urls from initial extraction and remove duplicates
        // (list(set(...)): CPython's set order under the run's PYTHONHASHSEED)
        List<String> combined = new ArrayList<>(company.supporting_urls());
        combined.addAll(allCompanyUrls.urls());
        List<String> allUrls = evaluator.context().setOrder(combined);

        // Extract the specific Africa article URL
        AfricaArticleUrl africaArticle = evaluator.extract(
                truthy(company.company_name())
                        ? promptExtractAfricaArticleUrl(company.company_name())
                        : "Extract the article URL about Africa operations",
                AfricaArticleUrl.class,
                "company_" + companyIndex + "_africa_article_url");

        // 1. Verify company info extraction (name, origin, links, and article URL)
        evaluator.addCustomNode(
                company.company_name() != null && !PyWhitespace.strip(company.company_name()).equals("")
                        && company.country_of_origin() != null
                        && !PyWhitespace.strip(company.country_of_origin()).equals("")
                        && !allUrls.isEmpty()
                        && africaArticle.article_url() != null, // Must have specific article URL
                "company_" + companyIndex + "_info_extracted",
                "Company " + (companyIndex + 1)
                        + " has extracted company name, country of origin, supporting links, and article URL",
                companyNode,
                true);

        // 2. Verify company origin
        Node originNode = evaluator.addLeaf(
                "company_" + companyIndex + "_origin_verification",
                "Company " + (companyIndex + 1) + " (" + PyRepr.str(company.company_name()) + ") originates from "
                        + PyRepr.str(company.country_of_origin()),
                companyNode,
                true);

        String claim = PyRepr.str(company.company_name()) + " originates from "
                + PyRepr.str(company.country_of_origin());
        evaluator.verify(
                claim,
                originNode,
                Sources.urls(allUrls),
                "Check if " + PyRepr.str(company.company_name()) + " was founded in or originates from "
                        + PyRepr.str(company.country_of_origin())
                        + ". Look for information about the company's founding location, headquarters, or country of origin.");

        // 3. Verify Africa operations
        Node africaOpsNode = evaluator.addLeaf(
                "company_" + companyIndex + "_africa_operations",
                "Company " + (companyIndex + 1) + " (" + PyRepr.str(company.company_name())
                        + ") has unmanned drone delivery operations or plans in Africa",
                companyNode,
                true);

        claim = PyRepr.str(company.company_name())
                + " has unmanned drone delivery operations or officially announced plans to operate in Africa";
        evaluator.verify(
                claim,
                africaOpsNode,
                Sources.urls(allUrls),
                "Check if the company specifically has unmanned drone delivery operations or announced plans in Africa. Look for mentions of African countries, Africa continent, or specific African drone delivery operations/plans.");

        // 4. Verify article about Africa operations (using only the specific article URL)
        Node articleNode = evaluator.addLeaf(
                "company_" + companyIndex + "_article_verification",
                "The provided article link discusses " + PyRepr.str(company.company_name())
                        + "'s operation or plans in Africa",
                companyNode,
                true);

        claim = "This page is an article about " + PyRepr.str(company.company_name())
                + "'s operation or plans in Africa";
        evaluator.verify(
                claim,
                articleNode,
                truthy(africaArticle.article_url())
                        ? Sources.urls(List.of(africaArticle.article_url()))
                        : Sources.urls(List.of()),
                "Check if this webpage/page is an article (news article, blog post, press release, etc.) that discusses the company's drone delivery operations or plans specifically in Africa.");

        // 5. Verify different country requirement for Company 2
        if (companyIndex == 1) { // Only check for the second company
            DroneCompany company1 = companies.get(0);
            DroneCompany company2 = companies.get(1);

            String country1 = company1.country_of_origin();
            String country2 = company2.country_of_origin();

            if (variant.isFixed() && (missing(country1) || missing(country2))) { // fix: a missing country fails the check, no judge call
                evaluator.addCustomNode(
                        false,
                        "company_" + companyIndex + "_different_country",
                        "Company " + (companyIndex + 1) + " originates from a different country than Company 1",
                        companyNode,
                        true);
                return;
            }

            // Verify they are different countries
            Node differentCountryNode = evaluator.addLeaf(
                    "company_" + companyIndex + "_different_country",
                    "Company " + (companyIndex + 1) + " originates from a different country than Company 1",
                    companyNode,
                    true); // Critical requirement

            claim = "'" + PyRepr.str(country1) + "' and '" + PyRepr.str(country2) + "' are different countries";
            evaluator.verify(
                    claim,
                    differentCountryNode,
                    Sources.none(),
                    "Check if these represent two distinct countries. Consider variations in naming (e.g., 'USA' vs 'United States') as the same country.");
        }
    }

    // ----------------------------------------------------------------- Main evaluation entry point

    /** Evaluate a single answer ({@code evaluate_answer}); the caller takes {@code ResultJson.summary(evaluator)}. */
    static void evaluateAnswer(Evaluator evaluator, Variant variant) {
        // -------- 1. Set up evaluator ---------------------------------------- //
        // Initialize evaluator with parallel strategy for root (the model, "model if model else
        // JUDGE_MODEL", comes from the context)
        Node root = evaluator.initialize(TASK_ID, Strategy.PARALLEL, TASK_DESCRIPTION);

        // -------- 2. Extract companies from the answer ---------------------- //
        ExtractedCompanies extractedCompanies = evaluator.extract(
                promptExtractCompanies(),
                ExtractedCompanies.class,
                "extracted_companies");

        // -------- 3. Pad companies list to exactly 2 ----------------------- //
        List<DroneCompany> companies = new ArrayList<>(extractedCompanies.companies()); // Make a copy
        while (companies.size() < 2) {
            companies.add(Template.of(DroneCompany.class).empty()); // Pad with empty companies
        }

        // -------- 4. Verify exactly first 2 companies ---------------------- //
        for (int i = 0; i < 2; i++) {
            verifySingleCompany(evaluator, root, companies.get(i), i, companies, variant);
        }

        // -------- 5. Return structured result ------------------------------- //
        // The caller takes ResultJson.summary(evaluator).
    }

    // ----------------------------------------------------------------- Python semantics

    /** The fix's "missing country": None or blank, as the info-extracted check counts it. */
    private static boolean missing(String country) {
        return country == null || PyWhitespace.strip(country).equals("");
    }
}
