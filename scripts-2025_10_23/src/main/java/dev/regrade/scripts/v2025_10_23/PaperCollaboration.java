package dev.regrade.scripts.v2025_10_23;

import static dev.regrade.pycompat.PyTruth.truthy;
import static dev.regrade.api.Variant.RELEASED_AND_FIXED;

import dev.regrade.pycompat.PyAttributeError;
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
import dev.regrade.rubric.template.NotNone;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code paper_collaboration}: for the paper "ASDOT: Any-shot data-to-text generation with pretrained
 * language models", the arXiv link and the first author; the first author's PhD advisor with homepage
 * and primary research interests; then three other researchers who co-authored at least three papers
 * with the first author, each with three co-authored titles and their arXiv links. The root is
 * SEQUENTIAL over "paper and advisor" (itself SEQUENTIAL: paper info, then advisor info) and the
 * three collaborators.
 *
 * <p>Released: {@code info.first_author.lower()} runs unguarded (the {@code if info.first_author:}
 * above it is commented out), so an answer whose extraction gives no first author raises
 * {@code AttributeError: 'NoneType' object has no attribute 'lower'} and gets no result at all.
 * {@code fixed} (FIXES.md §A): a missing first author becomes an empty string, as the script already
 * does for {@code arxiv_link} and {@code advisor_name}; the answer is then scored (first_author_correct
 * fails, so 0) instead of raising. Nothing else differs.
 */
public final class PaperCollaboration {

    static final String TASK_ID = "paper_collaboration";

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

            I'm interested in the paper "ASDOT: Any-shot data-to-text generation with pretrained language models." Provide the arxiv link and the name of the first author. Identify their PhD advisor, providing the advisor's homepage and stated primary research interests. Then, find three other researchers (excluding the PhD advisor) who have co-authored at least three papers with this first author. For each researcher, list their full name and three co-authored paper titles, including the arxiv link for each paper.
            """;

    static final String EVAL_NOTES = "";
    /** The original's GROUND_TRUTH dict, in its key order (it is recorded in the summary). */
    static final Map<String, String> GROUND_TRUTH = OrderedMaps.of(
            "arxiv_link", "https://arxiv.org/abs/2210.04325",
            "first_author", "Jiannan Xiang",
            "phd_advisor", "Zhiting Hu");

    // ----------------------------------------------------------------------- extraction templates

    /** Basic information about the ASDOT paper. */
    public record BasicPaperInfo(String arxiv_link, String first_author) {
    }

    /** PhD advisor information. */
    public record AdvisorInfo(String advisor_name, String advisor_homepage, String advisor_research_interests) {
    }

    /** Names of collaborators. */
    public record CollaboratorNames(@Default("[]") @NotNone List<String> collaborator_names) {
    }

    /** Papers co-authored with a specific collaborator. */
    public record CollaboratorPapers(
            @Default("[]") @NotNone List<String> paper_titles,
            @Default("[]") @NotNone List<String> arxiv_links) {

        /** {@code CollaboratorPapers()}: both lists empty. */
        static CollaboratorPapers empty() {
            return new CollaboratorPapers(List.of(), List.of());
        }
    }

    /** Declared once: the variants, and each template extracted into with its extraction names or globs. */
    public static final RubricScript SCRIPT = new RubricScript(new ScriptDeclaration(TASK_ID, RELEASED_AND_FIXED,
            new DeclaredExtraction(BasicPaperInfo.class, "basic_paper_info"),
            new DeclaredExtraction(AdvisorInfo.class, "advisor_info"),
            new DeclaredExtraction(CollaboratorNames.class, "collaborator_names"),
            new DeclaredExtraction(CollaboratorPapers.class, "collaborator_*_papers")), // * = collaborator 0 to 2
            PaperCollaboration::evaluateAnswer);

    private PaperCollaboration() {
    }

    // ----------------------------------------------------------------------- extraction prompts (not dedented)

    /** Extract basic paper information. */
    static String promptExtractBasicPaperInfo() {
        return "\n"
                + "    Extract basic information about the ASDOT paper from the answer.\n"
                + "\n"
                + "    Look for:\n"
                + "    1. arxiv_link: The ArXiv link for the paper \"ASDOT: Any-shot data-to-text generation with "
                + "pretrained language models\"\n"
                + "    2. first_author: The name of the first author of the ASDOT paper\n"
                + "\n"
                + "    Extract information exactly as it appears in the text.\n"
                + "    For URLs, ensure they are complete and valid (including http:// or https:// prefix).\n"
                + "    ";
    }

    /** Extract PhD advisor information. */
    static String promptExtractAdvisorInfo() {
        return "\n"
                + "    Extract information about the PhD advisor from the answer.\n"
                + "\n"
                + "    Look for:\n"
                + "    1. advisor_name: The name of the first author's PhD advisor\n"
                + "    2. advisor_homepage: The homepage URL of the PhD advisor\n"
                + "    3. advisor_research_interests: The stated primary research interests of the PhD advisor "
                + "(extract as a single string)\n"
                + "\n"
                + "    Extract information exactly as it appears in the text.\n"
                + "    For URLs, ensure they are complete and valid (including http:// or https:// prefix).\n"
                + "    ";
    }

    /** Extract collaborator names. */
    static String promptExtractCollaboratorNames() {
        return "\n"
                + "    Extract the names of researchers who have co-authored at least 3 papers with the first author.\n"
                + "\n"
                + "    Look for:\n"
                + "    - collaborator_names: A list of researcher names (excluding the PhD advisor)\n"
                + "\n"
                + "    Extract only the names, not their papers. Extract names exactly as they appear in the text.\n"
                + "    ";
    }

    /** Extract papers for a specific collaborator. */
    static String promptExtractCollaboratorPapers(String collaboratorName) {
        return "\n"
                + "    Extract information about papers co-authored between the first author and "
                + PyRepr.str(collaboratorName) + ".\n"
                + "\n"
                + "    Look for:\n"
                + "    1. paper_titles: List of paper titles that were co-authored\n"
                + "    2. arxiv_links: List of ArXiv links corresponding to these papers. When doing the extraction, "
                + "ensure that the order of the links matches the order of the titles. And, plz correctly extract the "
                + "links, for example, if the link is \"https://arxiv.org/abs/1234.5678\", then the extracted link "
                + "should be \"https://arxiv.org/abs/1234.5678\" and not \"arxiv.org/abs/1234.5678\" or "
                + "\"https://arxiv.org/abs/1234.5678.pdf\" or with any unnecessary or false suffix.\n"
                + "\n"
                + "    Extract the titles and links in the same order so they correspond to each other.\n"
                + "    Extract information exactly as it appears in the text.\n"
                + "    For URLs, ensure they are complete and valid (including http:// or https:// prefix).\n"
                + "    ";
    }

    // ----------------------------------------------------------------------- verification instructions

    static final String ASDOT_TITLE = "ASDOT: Any-shot data-to-text generation with pretrained language models";

    static final String ARXIV_INSTRUCTION =
            "Verify this is the correct ASDOT paper by checking the title on the page";

    static final String HOMEPAGE_INSTRUCTION = "Verify this is a personal/faculty homepage, not just any webpage";

    static final String INTERESTS_INSTRUCTION = "Verify that the stated research interests:\n"
            + "1. Are NOT generic terms like just 'AI' or 'AI Agents' without specifics\n"
            + "2. Match the general direction shown on the homepage (doesn't need to cover everything)\n"
            + "3. Don't contain obviously fabricated interests that contradict the homepage\n"
            + "4. Can include reasonable inferences from papers/projects but should be grounded in homepage content\n"
            + "The interests should reflect the main research areas accurately, though minor variations or different "
            + "phrasings are acceptable.";

    /** Note the trailing spaces on the first two lines: they are in the original. */
    static final String PAPER_INSTRUCTION = "Check the author list to confirm both authors are listed. \n"
            + "Allow reasonable name variations. \n"
            + "For the title, allow variations like:\n"
            + "- Case differences (uppercase/lowercase)\n"
            + "- Minor abbreviations or omissions\n"
            + "- Core title matches even if subtitles differ\n"
            + "But the title should not be completely different.";

    // ----------------------------------------------------------------------- verification

    /** Verify paper information and advisor information. */
    static void verifyPaperAndAdvisor(Evaluator evaluator, Node parentNode, BasicPaperInfo paperInfo,
                                      AdvisorInfo advisorInfo, Variant variant) {
        // Create sequential node for paper and advisor
        Node paperAdvisorNode = evaluator.addSequential("paper_and_advisor",
                "Paper information and PhD advisor information", parentNode, false); // Non-critical for partial credit

        // Verify paper info
        verifyPaperInfo(evaluator, paperAdvisorNode, paperInfo, variant);

        // Verify advisor info
        verifyAdvisorInfo(evaluator, paperAdvisorNode, advisorInfo);
    }

    /**
     * Verify the basic paper information. The original assigns {@code info.arxiv_link = ""} (and, fixed,
     * {@code info.first_author = ""}) on the extracted object; the Java records are immutable, so the
     * new values live in locals. The only later reader, {@code paper_info.first_author or GROUND_TRUTH[...]}
     * in {@link #evaluate}, gives the same result for None and "" (both falsy).
     */
    static void verifyPaperInfo(Evaluator evaluator, Node parentNode, BasicPaperInfo info, Variant variant) {
        Node paperNode = evaluator.addParallel("paper_info", "ASDOT paper basic information", parentNode,
                false); // Critical within the sequential parent

        // Combined existence check
        evaluator.addCustomNode(truthy(info.arxiv_link()) && truthy(info.first_author()), "paper_info_exists",
                "ArXiv link and first author name are provided", paperNode, true);

        // Verify ArXiv link
        String arxivLink = info.arxiv_link();
        if (!truthy(arxivLink)) {
            arxivLink = "";
        }
        // Check if arxiv ID is in the link
        String arxivId = "2210.04325";
        if (arxivLink.contains(arxivId) && PyStr.lower(arxivLink).contains("arxiv")) {
            // Direct validation
            evaluator.addCustomNode(true, "arxiv_link_correct", "ArXiv link contains correct ID and arxiv domain",
                    paperNode, true);
        } else {
            // Verify by URL
            Node arxivCorrect = evaluator.addLeaf("arxiv_link_correct", "ArXiv link leads to the correct ASDOT paper",
                    paperNode, true);

            evaluator.verify("The URL '" + arxivLink + "' leads to the paper '" + ASDOT_TITLE + "'", arxivCorrect,
                    Sources.url(arxivLink), ARXIV_INSTRUCTION);
        }

        // Verify first author against ground truth
        // if info.first_author:   (commented out in the original)
        String firstAuthor = info.first_author();
        if (variant.isFixed() && !truthy(firstAuthor)) { // fix: a missing first author becomes "" (scored 0, not a crash)
            firstAuthor = "";
        }
        if (firstAuthor == null) {
            // released: info.first_author.lower() on None
            throw new PyAttributeError("'NoneType' object has no attribute 'lower'");
        }
        boolean authorMatches = PyWhitespace.strip(PyStr.lower(firstAuthor))
                .equals(PyWhitespace.strip(PyStr.lower(GROUND_TRUTH.get("first_author"))));
        evaluator.addCustomNode(authorMatches, "first_author_correct",
                "First author name matches ground truth: " + firstAuthor + " vs " + GROUND_TRUTH.get("first_author"),
                paperNode, true);
    }

    /** Verify PhD advisor information. */
    static void verifyAdvisorInfo(Evaluator evaluator, Node parentNode, AdvisorInfo info) {
        Node advisorNode = evaluator.addParallel("advisor_info", "PhD advisor information", parentNode,
                false); // Critical within the sequential parent

        // Combined existence check
        evaluator.addCustomNode(truthy(info.advisor_name()) && truthy(info.advisor_homepage())
                        && truthy(info.advisor_research_interests()),
                "advisor_info_exists", "All advisor information (name, homepage, research interests) is provided",
                advisorNode, true);

        // Verify advisor name against ground truth
        String advisorName = info.advisor_name();
        if (!truthy(advisorName)) {
            advisorName = "";
        }

        Node nameCorrect = evaluator.addLeaf("advisor_name_correct",
                "Advisor name matches ground truth: " + advisorName + " vs " + GROUND_TRUTH.get("phd_advisor"),
                advisorNode, true);

        evaluator.verify("The name '" + advisorName + "' matches the ground truth advisor name '"
                + GROUND_TRUTH.get("phd_advisor") + "'", nameCorrect);

        // Verify advisor homepage
        // if info.advisor_homepage:   (commented out in the original)
        Node homepageValid = evaluator.addLeaf("advisor_homepage_valid", "Advisor homepage URL is valid", advisorNode,
                true);

        evaluator.verify("The URL '" + PyRepr.str(info.advisor_homepage()) + "' is a valid homepage for "
                        + (truthy(advisorName) ? advisorName : "the PhD advisor"),
                homepageValid, Sources.urlOrNone(info.advisor_homepage()), HOMEPAGE_INSTRUCTION);

        // Verify research interests
        // if info.advisor_research_interests and info.advisor_homepage:   (commented out in the original)
        Node interestsValid = evaluator.addLeaf("advisor_interests_valid",
                "Research interests reasonably match homepage information", advisorNode, true);

        evaluator.verify("The research interests '" + PyRepr.str(info.advisor_research_interests())
                        + "' reasonably match the information on the advisor's homepage",
                interestsValid, Sources.urlOrNone(info.advisor_homepage()), INTERESTS_INSTRUCTION);
    }

    /** Verify a single collaborator and their papers ({@code collaboratorName} may be null). */
    static void verifySingleCollaborator(Evaluator evaluator, Node parentNode, String collaboratorName,
                                         CollaboratorPapers papers, int collaboratorIndex, String firstAuthorName) {
        Node collabNode = evaluator.addParallel("collaborator_" + collaboratorIndex,
                "Collaborator " + (collaboratorIndex + 1) + ": "
                        + (truthy(collaboratorName) ? collaboratorName : "Not provided"),
                parentNode, false); // Non-critical for partial credit

        // Check name exists
        evaluator.addCustomNode(truthy(collaboratorName), "collaborator_" + collaboratorIndex + "_name_exists",
                "Collaborator " + (collaboratorIndex + 1) + " name is provided", collabNode, true);

        // Verify papers
        Node papersNode = evaluator.addParallel("collaborator_" + collaboratorIndex + "_papers",
                "Papers co-authored with collaborator " + (collaboratorIndex + 1), collabNode, true);

        // Verify exactly 3 papers (or fewer if less provided)
        int numPapersToVerify = Math.min(3, Math.min(papers.paper_titles().size(), papers.arxiv_links().size()));

        for (int paperIdx = 0; paperIdx < 3; paperIdx++) {
            if (paperIdx < numPapersToVerify) {
                String title = paperIdx < papers.paper_titles().size() ? papers.paper_titles().get(paperIdx) : null;
                String link = paperIdx < papers.arxiv_links().size() ? papers.arxiv_links().get(paperIdx) : null;

                if (truthy(title) && truthy(link)) {
                    Node paperNode = evaluator.addLeaf("collaborator_" + collaboratorIndex + "_paper_" + paperIdx,
                            "Paper " + (paperIdx + 1) + ": "
                                    + (pyLen(title) > 50 ? pySliceTo(title, 50) + "..." : title),
                            papersNode, true);

                    evaluator.verify("The paper titled '" + title + "' at " + link + " is co-authored by both "
                                    + firstAuthorName + " and " + PyRepr.str(collaboratorName),
                            paperNode, Sources.url(link), PAPER_INSTRUCTION);
                } else {
                    // Missing title or link
                    evaluator.addCustomNode(false,
                            "collaborator_" + collaboratorIndex + "_paper_" + paperIdx + "_missing",
                            "Paper " + (paperIdx + 1) + " information incomplete", papersNode, true);
                }
            } else {
                // Create placeholder for missing paper
                evaluator.addCustomNode(false,
                        "collaborator_" + collaboratorIndex + "_paper_" + paperIdx + "_not_provided",
                        "Paper " + (paperIdx + 1) + " not provided", papersNode, true);
            }
        }
    }

    // ----------------------------------------------------------------------- main evaluation entry point

    /** The original's {@code evaluate_answer}. */
    static void evaluateAnswer(Evaluator evaluator, Variant variant) {
        // -------- 1. Initialize evaluator
        Node root = evaluator.initialize(TASK_ID, Strategy.SEQUENTIAL, TASK_DESCRIPTION);

        // -------- 2. Step-by-step extraction
        // Step 1: Extract basic paper info
        BasicPaperInfo paperInfo = evaluator.extract(promptExtractBasicPaperInfo(), BasicPaperInfo.class,
                "basic_paper_info");

        // Step 2: Extract advisor info
        AdvisorInfo advisorInfo = evaluator.extract(promptExtractAdvisorInfo(), AdvisorInfo.class, "advisor_info");

        // Step 3: Extract collaborator names
        CollaboratorNames collaboratorNames = evaluator.extract(promptExtractCollaboratorNames(),
                CollaboratorNames.class, "collaborator_names");

        // Step 4: Extract papers for each collaborator (only the first 3)
        List<String> names = collaboratorNames.collaborator_names();
        List<String> allNames = new ArrayList<>();
        List<CollaboratorPapers> allPapers = new ArrayList<>();
        for (int i = 0; i < Math.min(3, names.size()); i++) {
            String name = names.get(i);
            CollaboratorPapers papers = evaluator.extract(promptExtractCollaboratorPapers(name),
                    CollaboratorPapers.class, "collaborator_" + i + "_papers");
            allNames.add(name);
            allPapers.add(papers);
        }

        // Add ground truth information
        evaluator.addGroundTruth(GROUND_TRUTH, "paper_ground_truth");

        // -------- 3. Build verification tree
        // Verify paper and advisor info (first sequential node)
        verifyPaperAndAdvisor(evaluator, root, paperInfo, advisorInfo, variant);

        // Verify collaborators (second sequential node)
        Node collaboratorsNode = evaluator.addParallel("collaborators", "Three collaborators with co-authored papers",
                root, false); // Non-critical for partial credit

        // paper_info.first_author or GROUND_TRUTH['first_author'] (None and "" alike, so the fixed
        // variant's "" written back by verify_paper_info makes no difference here)
        String firstAuthorName = truthy(paperInfo.first_author()) ? paperInfo.first_author()
                : GROUND_TRUTH.get("first_author");

        // Process exactly 3 collaborators
        for (int i = 0; i < 3; i++) {
            if (i < allPapers.size()) {
                verifySingleCollaborator(evaluator, collaboratorsNode, allNames.get(i), allPapers.get(i), i,
                        firstAuthorName);
            } else {
                // Create placeholder for missing collaborator
                verifySingleCollaborator(evaluator, collaboratorsNode, null, CollaboratorPapers.empty(), i,
                        firstAuthorName);
            }
        }
    }

    // ----------------------------------------------------------------------- Python semantics

    /** {@code len(s)}: code points. */
    private static int pyLen(String s) {
        return s.codePointCount(0, s.length());
    }

    /** {@code s[:n]} for 0 <= n <= len(s): the first n code points. */
    private static String pySliceTo(String s, int n) {
        return s.substring(0, s.offsetByCodePoints(0, n));
    }
}
