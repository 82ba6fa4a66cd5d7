package dev.iolab.upload;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.iolab.upload.web.ProblemException;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The package graph of the service's main code, as its bytecode has it. Features ({@code transfer} and its parts,
 * {@code download}, {@code valet}, {@code resumable}) build on shared packages ({@code web}, {@code client}, {@code connection},
 * {@code storage}), never the other way round, and no packages import each other in a circle. The valet-key feature
 * is built on uploads (their results, metrics and refusals); uploads and downloads know nothing of each other. Two
 * shapes every package keeps: each configuration prefix is bound by one record, and a feature refuses with the one
 * {@code ProblemException} and a problem type of its own, not with an exception class of its own.
 */
class ArchitectureTest {

    private static final String ROOT = "dev.iolab.upload";
    private static final String[] FEATURES = {
        ROOT + ".transfer..", ROOT + ".download..", ROOT + ".valet..", ROOT + ".resumable.."
    };
    private static final String[] SHARED = {
        ROOT + ".web..", ROOT + ".client..", ROOT + ".connection..", ROOT + ".storage.."
    };

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(ROOT);

    @Test
    void readsTheMainClasses() {
        // A class file version the importer could not read would leave every rule below nothing to check.
        assertThat(MAIN.stream().map(c -> c.getPackageName()).distinct())
                .contains(ROOT + ".transfer", ROOT + ".transfer.strategy", ROOT + ".web", ROOT + ".valet");
    }

    @Test
    void noFeatureImportsAnotherInACircle() {
        slices().matching(ROOT + ".(*)..").should().beFreeOfCycles().check(MAIN);
    }

    @Test
    void noPackageImportsAnotherInACircle() {
        slices().matching(ROOT + ".(**)").should().beFreeOfCycles().check(MAIN);
    }

    @Test
    void sharedPackagesKnowNoFeature() {
        noClasses()
                .that()
                .resideInAnyPackage(SHARED)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(FEATURES)
                .check(MAIN);
    }

    @Test
    void theWebMechanismKnowsOnlyTheStoresFailures() {
        noClasses()
                .that()
                .resideInAPackage(ROOT + ".web..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(ROOT + ".client..", ROOT + ".connection..")
                .check(MAIN);
    }

    @Test
    void uploadsAndDownloadsKnowNothingOfEachOtherOrOfValetKeys() {
        noClasses()
                .that()
                .resideInAPackage(ROOT + ".transfer..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(ROOT + ".download..", ROOT + ".valet..")
                .check(MAIN);
        noClasses()
                .that()
                .resideInAPackage(ROOT + ".download..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(ROOT + ".transfer..", ROOT + ".valet..")
                .check(MAIN);
    }

    @Test
    void eachPropertyPrefixIsBoundByOneRecord() {
        Map<String, List<String>> bindersByPrefix = MAIN.stream()
                .filter(c -> c.isAnnotatedWith(ConfigurationProperties.class))
                .collect(Collectors.groupingBy(
                        ArchitectureTest::prefix, Collectors.mapping(JavaClass::getSimpleName, Collectors.toList())));
        assertThat(bindersByPrefix).containsKey("upload").hasSizeGreaterThan(1);
        assertThat(bindersByPrefix)
                .allSatisfy((prefix, binders) ->
                        assertThat(binders).as("the records binding %s", prefix).hasSize(1));
        assertThat(MAIN.stream()
                        .filter(c -> c.isAnnotatedWith(ConfigurationProperties.class))
                        .allMatch(JavaClass::isRecord))
                .isTrue();
    }

    @Test
    void featuresRefuseWithTheOneProblemExceptionNotOneOfTheirOwn() {
        // Tus adds its own headers to every answer; no other feature needs a failure type of its own to refuse.
        assertThat(MAIN.stream()
                        .filter(c -> c.isAssignableTo(ProblemException.class))
                        .map(JavaClass::getSimpleName))
                .containsExactlyInAnyOrder("ProblemException", "ResumableException");
    }

    private static String prefix(JavaClass binder) {
        ConfigurationProperties binding = binder.getAnnotationOfType(ConfigurationProperties.class);
        return binding.prefix().isEmpty() ? binding.value() : binding.prefix();
    }
}
