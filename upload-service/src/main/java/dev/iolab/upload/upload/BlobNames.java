package dev.iolab.upload.upload;

/** Validates blob names: 1–1024 characters, no control characters, no empty, {@code .} or {@code ..} segments. */
final class BlobNames {

    static final int MAX_LENGTH = 1024;

    private BlobNames() {}

    static String validate(String name) {
        if (name == null || name.isEmpty()) {
            throw invalid("the name is empty");
        }
        if (name.length() > MAX_LENGTH) {
            throw invalid("the name has " + name.length() + " characters, more than " + MAX_LENGTH);
        }
        for (int i = 0; i < name.length(); i++) {
            if (Character.isISOControl(name.charAt(i))) {
                throw invalid("the name contains control character U+%04X".formatted((int) name.charAt(i)));
            }
        }
        for (String segment : name.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                throw invalid("the name has an empty, '.' or '..' path segment");
            }
        }
        if (name.endsWith(".")) {
            throw invalid("Azure does not allow a name ending in '.'");
        }
        return name;
    }

    private static UploadException invalid(String detail) {
        return new UploadException(ProblemType.INVALID_NAME, detail);
    }
}
