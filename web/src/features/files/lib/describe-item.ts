export { describeItem, typeLabel } from "@/drive/files/describe-item";
