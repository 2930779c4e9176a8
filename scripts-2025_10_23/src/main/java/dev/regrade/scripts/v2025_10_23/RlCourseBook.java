package dev.regrade.scripts.v2025_10_23;

import static dev.regrade.pycompat.PyTruth.truthy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.pycompat.PyRepr;
import dev.regrade.pycompat.PyStr;
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
import dev.regrade.rubric.template.Template;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code rl_course_book}: one reinforcement-learning course each at Stanford, CMU and UC Berkeley,
 * with its instructors, and one distinct book recommended by each course, with its authors and a
 * link to buy it in paperback or hardcover.
 *
 * <p>Released: {@code verify_instructors_correct} calls {@code add_parallel(...,
 * parent_node=parent_node)}; the misspelt keyword is ignored, so each university's instructors
 * subtree hangs under the root (a sixth of the root average per university, judged even when the
 * course page failed). {@code fixed}: the subtree goes under {@code {u}_course_verification}, where
 * the call site puts it (4th child, after {@code {u}_book}). {@code instructors-last} (FIXES.md
 * §A, decision point): the subtree is the last child of the university node {@code
 * {u}_verification}, created after the book verification, so a failed course or book check skips
 * it.
 */
public final class RlCourseBook {
    /** The alternative under discussion: instructors as the last child of the university node. */
    public static final Variant INSTRUCTORS_LAST = new Variant("instructors-last");

    static final String TASK_ID = "rl_course_book";

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

            Search for reinforcement learning (RL) courses offered by Stanford, CMU, and UC Berkeley. For each university, identify one RL course and provide its instructor name(s). From each course's page, select one textbook or reference book that is used or recommended in the course. Ensure that the selected book is different for each university (i.e., no duplicates across the three courses), and that it is available in either paperback or hardcover format from a bookseller, such as Amazon. For each selected book, include its title, author(s), and a link to purchase it.
            """;

    /** Expected universities with normalized names and possible variations (iteration order matters). */
    static final Map<String, String> UNIVERSITY_MAP = OrderedMaps.of(
            "stanford", "Stanford",
            "cmu", "CMU",
            "carnegie mellon", "CMU",
            "uc berkeley", "UC Berkeley",
            "berkeley", "UC Berkeley",
            "ucb", "UC Berkeley",
            "university of california berkeley", "UC Berkeley",
            "university of california, berkeley", "UC Berkeley");

    /** List of canonical university names. */
    static final List<String> UNIVERSITIES = List.of("Stanford", "CMU", "UC Berkeley");

    // ----------------------------------------------------------------------- data models for extraction

    /** The original's {@code Book}. */
    public record Book(
            String title,
            @Default("[]") List<String> authors,
            @Default("[]") List<String> book_urls,
            String purchase_link) {
    }

    /** The original's {@code Course}. */
    public record Course(
            String university,
            String course_name,
            @Default("[]") List<String> instructors,
            @Default("[]") List<String> course_urls,
            Book book) {
    }

    /** Declared once: the variants, and each template extracted into with its extraction names or globs. */
    public static final RubricScript SCRIPT = new RubricScript(new ScriptDeclaration(TASK_ID,
            List.of(Variant.RELEASED, Variant.FIXED, INSTRUCTORS_LAST),
            new DeclaredExtraction(Course.class, // one per UNIVERSITIES entry
                    "stanford_course_info", "cmu_course_info", "uc_berkeley_course_info")),
            RlCourseBook::evaluateAnswer);

    private RlCourseBook() {
    }

    // ----------------------------------------------------------------------- extraction prompts

    /** Generate extraction prompt for a specific university (an un-dedented f-string). */
    static String promptExtractCourseForUniversity(String university) {
        return "\n"
                + "    Extract information about the reinforcement learning (RL) course from " + university + ".\n"
                + "    \n"
                + "    Look for any mention of " + university + " (or variations like '" + university
                + " University', 'Carnegie Mellon', 'UC Berkeley', 'UCB', etc.) \n"
                + "    and extract the following information:\n"
                + "    \n"
                + "    1. The university name (normalize to \"" + university + "\")\n"
                + "    2. The RL course name\n"
                + "    3. The instructor name(s) for that course\n"
                + "    4. ALL course-related URLs or webpage links (course_urls as a list)\n"
                + "    5. Information about a recommended book for the course, including:\n"
                + "       - The book title\n"
                + "       - The book author(s)\n"
                + "       - ALL URLs where book information can be found (book_urls as a list)\n"
                + "       - A link to purchase the book (purchase_link)\n"
                + "\n"
                + "    IMPORTANT: \n"
                + "    - Extract ALL relevant URLs, not just one. Course information might be spread across multiple "
                + "pages.\n"
                + "    - If the answer doesn't mention " + university
                + " or doesn't provide information about an RL course from " + university + ", \n"
                + "      return null values for all fields.\n"
                + "    - Only extract information that is specifically about " + university
                + "'s RL course, not other universities.\n"
                + "    ";
    }

    // ----------------------------------------------------------------------- helper functions

    /** Normalize university name to a canonical form; the canonical name if found, otherwise None. */
    static String normalizeUniversityName(String univName) {
        if (!truthy(univName)) {
            return null;
        }
        String univLower = PyStr.lower(univName);
        for (Map.Entry<String, String> e : UNIVERSITY_MAP.entrySet()) {
            if (univLower.contains(e.getKey())) {
                return e.getValue();
            }
        }
        return null;
    }

    // ----------------------------------------------------------------------- book uniqueness verification

    /** Verify that the final recommended books from different universities are completely unique. */
    static void verifyBookUniqueness(Evaluator evaluator, Node parentNode, Map<String, Course> universityCourses) {
        List<String> bookTitles = new ArrayList<>();
        List<List<String>> bookAuthors = new ArrayList<>();
        for (Course course : universityCourses.values()) {
            if (course != null && course.book() != null && truthy(course.book().title())
                    && truthy(course.book().authors())) {
                bookTitles.add(course.book().title());
                bookAuthors.add(truthy(course.book().authors()) ? course.book().authors() : List.of());
            }
        }

        // If less than 2 books, automatically pass (no duplicates possible)
        if (bookTitles.size() <= 1) {
            evaluator.addCustomNode(true, "book_uniqueness_check",
                    "The final recommended books from different universities are completely unique (no duplicates)",
                    parentNode, true);
            return;
        }

        Node node = evaluator.addLeaf("book_uniqueness_check",
                "The final recommended books from different universities are completely unique (no duplicates)",
                parentNode, true);

        List<String> bookList = new ArrayList<>();
        for (int i = 0; i < bookTitles.size(); i++) {
            String authorsStr = String.join(", ", bookAuthors.get(i));
            bookList.add((i + 1) + ": '" + bookTitles.get(i) + "' by " + authorsStr);
        }
        String booksDescription = String.join("\n", bookList);

        String claim = "Given the following list of recommended books:\n\n" + booksDescription
                + "\n\nAll the book titles in this list completely unique (i.e., no book appears multiple times in "
                + "this list).";

        String additionalInstruction = "Compare the book titles carefully. Consider variations in spelling, "
                + "subtitles, or editions as the same book. For example, 'Reinforcement Learning: An Introduction' "
                + "and 'Reinforcement Learning: An Introduction (2nd Edition)' should be considered the same book.";

        evaluator.verify(claim, node, Sources.none(), additionalInstruction);
    }

    // ----------------------------------------------------------------------- course verification functions

    /** Verify that the RL course exists at the specified university. */
    static void verifyCourseExists(Evaluator evaluator, Node parentNode, String university, Course course) {
        String u = PyStr.lower(university).replace(" ", "_");
        evaluator.addCustomNode(course != null && truthy(course.course_urls()) && course.course_urls().size() > 0,
                u + "_course_urls_exist", "Course URLs are provided for " + university, parentNode, true);

        String claim;
        if (truthy(course.course_name())) {
            claim = "This webpage is for a reinforcement learning (RL) course at " + university
                    + " with course name '" + course.course_name() + "'.";
        } else {
            claim = "This webpage is for a reinforcement learning (RL) course at " + university + ".";
        }

        Node node = evaluator.addLeaf(u + "_course_exists",
                "An RL course exists at " + university + " and can be accessed via the provided URLs",
                parentNode, true);

        evaluator.verify(claim, node, course != null ? Sources.urls(course.course_urls()) : Sources.urls(List.of()));
    }

    /** Verify that the book is recommended in the RL course. */
    static void verifyBookRecommended(Evaluator evaluator, Node parentNode, String university, Course course) {
        String u = PyStr.lower(university).replace(" ", "_");
        Node bookParentNode = evaluator.addParallel(u + "_book",
                "Verify the book is recommended by the course for " + university, parentNode, false);

        evaluator.addCustomNode(course != null && course.book() != null && truthy(course.book().title())
                        && truthy(course.course_urls()),
                u + "_book_info_exists", "Book title and course URLs are provided for " + university,
                bookParentNode, true);

        Node node = evaluator.addLeaf(u + "_book_recommended",
                "The book is recommended or used as reference in the " + university + " RL course",
                bookParentNode, true);

        String claim = "This page is related to a course. And the book titled '"
                + (course != null && course.book() != null ? PyRepr.str(course.book().title()) : "N/A")
                + "' is mentioned, recommended, or used as a reference in this course.";

        evaluator.verify(claim, node, course != null ? Sources.urls(course.course_urls()) : Sources.urls(List.of()));
    }

    /** Verify that the instructors are correct for the RL course. */
    static void verifyInstructorsCorrect(Evaluator evaluator, Node parentNode, String university, Course course,
                                         Variant variant) {
        String u = PyStr.lower(university).replace(" ", "_");
        // released: the original passes `parent_node=parent_node`, a typo for `parent`; the unknown keyword is
        // silently ignored and parent=None attaches the subtree to the ROOT (hence null here).
        Node instructorsParent = variant.isReleased() ? null : parentNode; // fix: parent=parent_node
        Node instructorParentNode = evaluator.addParallel(u + "_instructors",
                "Verify instructors of the course for " + university, instructorsParent,
                false); // Non-critical: instructor error shouldn't fail entire university
        evaluator.addCustomNode(course != null && truthy(course.instructors()) && course.instructors().size() > 0
                        && truthy(course.course_urls()),
                u + "_instructors_exist", "Instructors and course URLs are provided for " + university,
                instructorParentNode, true);

        Node node = evaluator.addLeaf(u + "_instructors_correct",
                "The instructors listed for the " + university + " RL course are correct",
                instructorParentNode, true);

        String instructorsStr = course != null && truthy(course.instructors())
                ? String.join(", ", course.instructors()) : "N/A";
        String claim = "This is a webpage for a course, and the instructor(s) for this course include "
                + instructorsStr + ".";

        evaluator.verify(claim, node, course != null ? Sources.urls(course.course_urls()) : Sources.urls(List.of()));
    }

    // ----------------------------------------------------------------------- book verification functions

    /** Verify that the book authors are correct. */
    static void verifyBookAuthorsCorrect(Evaluator evaluator, Node parentNode, String university, Course course) {
        String u = PyStr.lower(university).replace(" ", "_");
        evaluator.addCustomNode(course != null && course.book() != null && truthy(course.book().authors())
                        && course.book().authors().size() > 0 && truthy(course.book().book_urls()),
                u + "_book_authors_exist", "Book authors and book URLs are provided for " + university,
                parentNode, true);

        Node node = evaluator.addLeaf(u + "_book_authors_correct",
                "The authors listed for the " + university + " RL course book are correct", parentNode, true);

        String bookTitle = course != null && course.book() != null ? PyRepr.str(course.book().title()) : "N/A";
        String authorsStr = course != null && course.book() != null && truthy(course.book().authors())
                ? String.join(", ", course.book().authors()) : "N/A";
        String claim = "The book titled '" + bookTitle + "' is written by " + authorsStr + ".";

        evaluator.verify(claim, node, course != null && course.book() != null
                ? Sources.urls(course.book().book_urls()) : Sources.urls(List.of()));
    }

    /** Verify that the book has a valid purchase link. */
    static void verifyPurchaseLinkValid(Evaluator evaluator, Node parentNode, String university, Course course) {
        String u = PyStr.lower(university).replace(" ", "_");
        evaluator.addCustomNode(course != null && course.book() != null && truthy(course.book().purchase_link()),
                u + "_purchase_link_exists", "Purchase link is provided for " + university + " book",
                parentNode, true);

        Node node = evaluator.addLeaf(u + "_purchase_link_valid",
                "The book for the " + university + " RL course has a valid purchase link", parentNode, true);

        String bookTitle = course != null && course.book() != null ? PyRepr.str(course.book().title()) : "N/A";
        String claim = "This webpage is for purchasing the book titled '" + bookTitle + "'. ";

        evaluator.verify(claim, node, purchaseLinkSources(course));
    }

    /** Verify that the book is available in paperback or hardcover format. */
    static void verifyBookFormatCorrect(Evaluator evaluator, Node parentNode, String university, Course course) {
        String u = PyStr.lower(university).replace(" ", "_");
        evaluator.addCustomNode(course != null && course.book() != null && truthy(course.book().purchase_link()),
                u + "_purchase_link_exists_format", "Purchase link exists for format verification for " + university,
                parentNode, true);

        Node node = evaluator.addLeaf(u + "_book_format_correct",
                "The book for the " + university + " RL course is available in paperback or hardcover format",
                parentNode, true);

        String bookTitle = course != null && course.book() != null ? PyRepr.str(course.book().title()) : "N/A";
        String claim = "The book titled '" + bookTitle + "' is listed in paperback or hardcover format on this "
                + "webpage (no need to be currently available).";
        String additionalInstruction = "Pay attention to format information from both text and images. Look for "
                + "terms like 'paperback', 'hardcover', 'hardback' from the webpage text, or visual indicators of book "
                + "format from the screenshot. Don't be too strict on exact wording";

        evaluator.verify(claim, node, purchaseLinkSources(course), additionalInstruction);
    }

    /**
     * {@code course.book.purchase_link if course and course.book else None}: a string (even "") is one
     * page; None is the simple check.
     */
    private static Sources purchaseLinkSources(Course course) {
        return Sources.urlOrNone(course != null && course.book() != null ? course.book().purchase_link() : null);
    }

    // ----------------------------------------------------------------------- main university verification

    /** Verify course-related requirements for a university. */
    static void verifyCourseRequirements(Evaluator evaluator, Node parentNode, String university, Course course,
                                         Variant variant) {
        String u = PyStr.lower(university).replace(" ", "_");
        Node courseNode = evaluator.addSequential(u + "_course_verification",
                "Course verification for " + university + " RL course", parentNode, false);

        // Verify course exists (critical)
        verifyCourseExists(evaluator, courseNode, university, course);

        // Verify book recommended (critical)
        verifyBookRecommended(evaluator, courseNode, university, course);

        // Verify instructors (non-critical)
        if (!variant.equals(INSTRUCTORS_LAST)) { // fix (instructors-last): this call moves to STEP 3 of the university
            verifyInstructorsCorrect(evaluator, courseNode, university, course, variant);
        }
    }

    /** Verify book-related requirements for a university. */
    static void verifyBookRequirements(Evaluator evaluator, Node parentNode, String university, Course course) {
        String u = PyStr.lower(university).replace(" ", "_");
        Node bookNode = evaluator.addParallel(u + "_book_verification",
                "Book verification for " + university + " RL course recommended book", parentNode, false);

        // All book verifications are critical within the book verification node
        verifyBookAuthorsCorrect(evaluator, bookNode, university, course);
        verifyPurchaseLinkValid(evaluator, bookNode, university, course);
        verifyBookFormatCorrect(evaluator, bookNode, university, course);
    }

    /** Verify all requirements for a specific university in a sequential manner. */
    static void verifyUniversityRequirements(Evaluator evaluator, Node parentNode, String university, Course course,
                                             Variant variant) {
        String u = PyStr.lower(university).replace(" ", "_");
        Node universityNode = evaluator.addSequential(u + "_verification",
                "Sequential verification of the RL course and recommended book from " + university,
                parentNode, false); // Non-critical: allows partial scoring across universities

        // STEP 1: Verify course requirements
        verifyCourseRequirements(evaluator, universityNode, university, course, variant);

        // STEP 2: Verify book requirements
        verifyBookRequirements(evaluator, universityNode, university, course);

        // STEP 3, instructors-last only: the instructors subtree becomes the LAST child of {u}_verification, so it
        // is created, and its claim judged, after the book checks (released/fixed judge it right after
        // book_recommended, before the book checks), and a failed course or book check skips it.
        if (variant.equals(INSTRUCTORS_LAST)) { // fix (instructors-last): instructors after the book verification
            verifyInstructorsCorrect(evaluator, universityNode, university, course, variant);
        }
    }

    // ----------------------------------------------------------------------- main evaluation entry point

    /** The original's {@code evaluate_answer}. */
    static void evaluateAnswer(Evaluator evaluator, Variant variant) {
        Node root = evaluator.initialize(TASK_ID, Strategy.PARALLEL, TASK_DESCRIPTION);

        // Extract course information for each university separately
        Map<String, Course> universityCourses = new LinkedHashMap<>();
        for (String university : UNIVERSITIES) {
            Course courseInfo = evaluator.extract(promptExtractCourseForUniversity(university), Course.class,
                    PyStr.lower(university).replace(" ", "_") + "_course_info");

            // Normalize university name if extracted (the recorded extraction keeps the extracted name)
            if (truthy(courseInfo.university())) {
                String normalizedName = normalizeUniversityName(courseInfo.university());
                if (truthy(normalizedName)) {
                    courseInfo = new Course(normalizedName, courseInfo.course_name(), courseInfo.instructors(),
                            courseInfo.course_urls(), courseInfo.book());
                }
            }

            // Store the course info (even if empty)
            universityCourses.put(university, courseInfo);
        }

        // Add extraction results as custom info for the summary
        Map<String, JsonNode> extracted = new LinkedHashMap<>();
        universityCourses.forEach((univ, course) -> extracted.put(univ, Template.toJson(course)));
        evaluator.addCustomInfo(extracted, "extracted_courses_by_university");

        // First, verify book uniqueness (critical at root level)
        verifyBookUniqueness(evaluator, root, universityCourses);

        // Then, verify each university's requirements (non-critical at root level)
        for (String university : UNIVERSITIES) {
            Course course = universityCourses.get(university);
            verifyUniversityRequirements(evaluator, root, university, course, variant);
        }
    }
}
