// +groupName=shop.example.dev
export {};
