// +kubegen:apiservervice:group=wardle.example.com
export {};
