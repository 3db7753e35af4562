// my own webhook of Order
export {};
