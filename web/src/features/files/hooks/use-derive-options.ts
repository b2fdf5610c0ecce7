export { useDeriveOptions } from "@/drive/files/use-derive-options";
