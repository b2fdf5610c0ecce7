import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TextField } from "../text-field";

describe("TextField", () => {
  it("labels the input and ties hint and error to it", () => {
    render(<TextField label="Channel name" hint="Up to 128 characters" error="Required" />);
    const input = screen.getByLabelText("Channel name");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("Up to 128 characters Required");
    expect(screen.getByRole("alert")).toHaveTextContent("Required");
  });
  it("is valid without an error", () => {
    render(<TextField label="Name" />);
    expect(screen.getByLabelText("Name")).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
