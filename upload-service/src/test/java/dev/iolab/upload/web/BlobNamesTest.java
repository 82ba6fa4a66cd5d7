package dev.iolab.upload.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class BlobNamesTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "a",
                "report.pdf",
                "dir/sub/file.bin",
                ".hidden",
                "a..b",
                "ünï cödé 文件",
                "a b",
                "emoji 😀.png",
                "no\u00A0break space",
                "x/.y/z"
            })
    void acceptsNamesAzureStoresAsGiven(String name) {
        assertThat(BlobNames.validate(name)).isEqualTo(name);
    }

    @Test
    void acceptsTheLongestNameAndRefusesOneCharacterMore() {
        String longest = "x".repeat(BlobNames.MAX_LENGTH);
        assertThat(BlobNames.validate(longest)).isEqualTo(longest);
        assertRefused(longest + "x", WebProblem.NAME_TOO_LONG, "1025 characters");
    }

    @ParameterizedTest
    @NullAndEmptySource
    void refusesAnEmptyName(String name) {
        assertInvalid(name, "empty");
    }

    @ParameterizedTest
    @ValueSource(strings = {"a//b", "/a", "/", ".", "..", "a/./b", "a/../b", "../a", "a/.."})
    void refusesEmptyAndDotSegments(String name) {
        assertInvalid(name, "path segment");
    }

    @ParameterizedTest
    @ValueSource(strings = {"tab\tname", "line\nbreak", "nul\0", "del\u007f", "c1\u0085"})
    void refusesControlCharacters(String name) {
        assertRefused(name, WebProblem.NAME_FORBIDDEN_CHARACTER, "control character");
    }

    @ParameterizedTest
    @ValueSource(strings = {"pua\uE000", "nonchar\uFDD0", "nonchar\uFFFE", "plane1\uD83F\uDFFF", "lone\uD800x"})
    void refusesCodePointsAzureExcludes(String name) {
        assertRefused(name, WebProblem.NAME_FORBIDDEN_CHARACTER, "U+");
    }

    @Test
    void refusesANameEndingInADot() {
        assertRefused("report.", WebProblem.NAME_TRAILING_DOT_OR_SLASH, "ending in '.'");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"dir./x.bin|segment 1 of 2", "a/b../c|segment 2 of 3", "a/|ends in '/'", "a./|segment 1 of 2"})
    void refusesAPathSegmentEndingInADotAndANameEndingInASlash(String name, String detail) {
        assertRefused(name, WebProblem.NAME_TRAILING_DOT_OR_SLASH, detail);
    }

    @Test
    void acceptsTwoHundredFiftyFourPathSegmentsAndRefusesOneMore() {
        String deepest = String.join("/", java.util.Collections.nCopies(BlobNames.MAX_SEGMENTS, "d"));
        assertThat(BlobNames.validate(deepest)).isEqualTo(deepest);
        assertRefused(deepest + "/d", WebProblem.NAME_TOO_DEEP, "255 path segments");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "zero\u200Bwidth",
                "non\u200Cjoiner",
                "joiner\u200D",
                "bom\uFEFFname",
                "ltr\u200Emark",
                "rtl\u200F",
                "embed\u202A",
                "\u202Etxt.exe",
                "isolate\u2066x\u2069",
                "line\u2028sep",
                "para\u2029sep",
                "soft\u00ADhyphen",
                "word\u2060joiner"
            })
    void refusesInvisibleCharactersThatMakeLookalikeNames(String name) {
        assertRefused(name, WebProblem.NAME_INVISIBLE_CHARACTER, "invisible");
    }

    @Test
    void namesTheInvisibleCharacterItRefused() {
        assertRefused("report\u202Efdp.exe", WebProblem.NAME_INVISIBLE_CHARACTER, "U+202E RIGHT-TO-LEFT OVERRIDE");
    }

    @ParameterizedTest
    @ValueSource(strings = {"report;v2.pdf", ";", "a/b;c=d/e"})
    void refusesSemicolonsWhichServersReadAsPathParameters(String name) {
        assertInvalid(name, "';'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"..\\evil", "a\\b", "C:\\Users\\x.txt"})
    void refusesBackslashesWhichTheStoreTurnsIntoSlashes(String name) {
        assertInvalid(name, "'\\'");
    }

    @Test
    void refusesTheReplacementCharacterOfBytesThatWereNotUtf8() {
        assertInvalid("caf\uFFFD", "U+FFFD");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "/uploads/report.pdf|report.pdf",
                "/uploads/a%20b/c%2Bd+e|a b/c+d+e",
                "/uploads/report;v2.pdf|report;v2.pdf",
                "/uploads/report%3Bv3|report;v3",
                "/uploads/%C3%BCn%C3%AF|ünï",
                "/uploads/a/./b|a/./b",
                "/uploads/%25|%",
                "/uploads/|''",
                "/elsewhere|''"
            })
    void readsTheNameFromTheRawPathAsTheClientSentIt(String rawPath, String name) {
        assertThat(BlobNames.fromRawPath(rawPath, BlobNames.PREFIX)).isEqualTo(name);
    }

    @Test
    void readsANameBetweenAPrefixAndASuffix() {
        assertThat(BlobNames.fromRawPath("/uploads/dir/a%20b/grant", BlobNames.PREFIX, "/grant"))
                .isEqualTo("dir/a b");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/uploads/bad%zz", "/uploads/cut%4", "/uploads/notutf8%FF", "/uploads/overlong%C0%AF"})
    void refusesMalformedPercentEncodingAndBytesThatAreNotUtf8(String rawPath) {
        assertThatExceptionOfType(ProblemException.class)
                .isThrownBy(() -> BlobNames.fromRawPath(rawPath, BlobNames.PREFIX))
                .satisfies(e -> assertThat(e.problem()).isEqualTo(WebProblem.INVALID_NAME));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"a", "dir/a b.bin", "ünï cödé 文件", "100%.txt", "a+b", "q?x=1#frag", "it's (1) & [2]", "~user"})
    void everyValidNameRoundTripsThroughItsPath(String name) {
        String path = BlobNames.path(BlobNames.validate(name));
        assertThat(path).startsWith(BlobNames.PREFIX).doesNotContain(" ", "?", "#", "%%");
        assertThat(BlobNames.fromRawPath(path, BlobNames.PREFIX)).isEqualTo(name);
    }

    private static void assertInvalid(String name, String detail) {
        assertRefused(name, WebProblem.INVALID_NAME, detail);
    }

    private static void assertRefused(String name, WebProblem problem, String detail) {
        assertThatExceptionOfType(ProblemException.class)
                .isThrownBy(() -> BlobNames.validate(name))
                .satisfies(e -> assertThat(e.problem()).isEqualTo(problem))
                .withMessageContaining(detail);
    }
}
