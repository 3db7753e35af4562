/**
 * GENERATED from what generator/load reads of `@kubegen/runtime`'s sources (test/unit/generator/import/wellknown.test.ts, which
 * compares; `KUBEGEN_UPDATE_GOLDEN=1 npx jest test/unit/generator/import/wellknown.test.ts` rewrites it): the runtime's
 * declarations of the well-known struct types the importer maps shapes to, TypeMeta, and what they reference, as
 * the model builder receives them. Spans name the declaring file only. Read through ./wellknown.ts.
 */
import type { TypeDecl } from '../model/types';

export const RUNTIME_DECLARATIONS: readonly TypeDecl[] = [
  {
    "name": "Condition",
    "package": "@kubegen/runtime",
    "exported": true,
    "doc": "Condition contains details for one aspect of the current state of this API Resource.",
    "markers": [],
    "span": {
      "file": "runtime/src/meta/conditions.ts",
      "line": 1,
      "column": 1
    },
    "declaration": "interface",
    "type": {
      "kind": "struct",
      "embeds": [],
      "fields": [
        {
          "name": "type",
          "doc": "type of condition in CamelCase or in foo.example.com/CamelCase.",
          "type": {
            "kind": "primitive",
            "name": "string"
          },
          "optional": false,
          "nullable": false,
          "required": true,
          "immutable": false,
          "schemaless": false,
          "markers": [
            {
              "name": "required",
              "value": true,
              "span": {
                "file": "runtime/src/meta/conditions.ts",
                "line": 1,
                "column": 1
              }
            },
            {
              "name": "kubebuilder:validation:Required",
              "value": true,
              "span": {
                "file": "runtime/src/meta/conditions.ts",
                "line": 1,
                "column": 1
              }
            },
            {
              "name": "kubebuilder:validation:Pattern",
              "value": "^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$",
              "span": {
                "file": "runtime/src/meta/conditions.ts",
                "line": 1,
                "column": 1
              }
            },
            {
              "name": "kubebuilder:validation:MaxLength",
              "value": 316,
              "span": {
                "file": "runtime/src/meta/conditions.ts",
                "line": 1,
                "column": 1
              }
            }
          ],
          "span": {
            "file": "runtime/src/meta/conditions.ts",
            "line": 1,
            "column": 1
          },
          "constraints": {
            "maxLength": 316,
            "pattern": "^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$"
          }
        },
        {
          "name": "status",
          "doc": "status of the condition, one of True, False, Unknown.",
          "type": {
            "kind": "named",
            "package": "@kubegen/runtime",
            "name": "ConditionStatus"
          },
          "optional": false,
          "nullable": false,
          "required": true,
          "immutable": false,
          "schemaless": false,
          "markers": [
            {
              "name": "required",
              "value": true,
              "span": {
                "file": "runtime/src/meta/conditions.ts",
                "line": 1,
                "column": 1
              }
            },
            {
              "name": "kubebuilder:validation:Required",
              "value": true,
              "span": {
                "file": "runtime/src/meta/conditions.ts",
                "line": 1,
                "column": 1
              }
            },
            {
              "name": "kubebuilder:validation:Enum",
              "value": [
                "True",
                "False",
                "Unknown"
              ],
              "span": {
                "file": "runtime/src/meta/conditions.ts",
                "line": 1,
                "column": 1
              }
            }
          ],
          "span": {
            "file": "runtime/src/meta/conditions.ts",
            "line": 1,
            "column": 1
          },
          "constraints": {
            "enum": [
              "True",
              "False",
              "Unknown"
            ]
          }
        },
        {
          "name": "observedGeneration",
          "doc": "observedGeneration represents the .metadata.generation that the condition was set based upon.\nFor instance, if .metadata.generation is currently 12, but the .status.conditions[x].observedGeneration is 9, the condition is out of date\nwith respect to the current state of the instance.",
          "type": {
            "kind": "wellKnown",
            "name": "int64"
          },
          "optional": true,
          "nullable": false,
          "required": false,
          "immutable": false,
          "schemaless": false,
          "markers": [
            {
              "name": "optional",
              "value": true,
              "span": {
                "file": "runtime/src/meta/conditions.ts",
                "line": 1,
                "column": 1
              }
            },
            {
              "name": "kubebuilder:validation:Minimum",
              "value": 0,
              "span": {
                "file": "runtime/src/meta/conditions.ts",
                "line": 1,
                "column": 1
              }
            }
          ],
          "span": {
            "file": "runtime/src/meta/conditions.ts",
            "line": 1,
            "column": 1
          },
          "constraints": {
            "minimum": 0
          }
        },
        {
          "name": "lastTransitionTime",
          "doc": "lastTransitionTime is the last time the condition transitioned from one status to another.\nThis should be when the underlying condition changed.  If that is not known, then using the time when the API field changed is acceptable.",
          "type": {
            "kind": "wellKnown",
            "name": "Time"
          },
          "optional": false,
          "nullable": false,
          "required": true,
          "immutable": false,
          "schemaless": false,
          "markers": [
            {
              "name": "required",
              "value": true,
              "span": {
                "file": "runtime/src/meta/conditions.ts",
                "line": 1,
                "column": 1
              }
            },
            {
              "name": "kubebuilder:validation:Required",
              "value": true,
              "span": {
                "file": "runtime/src/meta/conditions.ts",
                "line": 1,
                "column": 1
              }
            },
            {
              "name": "kubebuilder:validation:Type",
              "value": "string",
              "span": {
                "file": "runtime/src/meta/conditions.ts",
                "line": 1,
                "column": 1
              }
            },
            {
              "name": "kubebuilder:validation:Format",
              "value": "date-time",
              "span": {
                "file": "runtime/src/meta/conditions.ts",
                "line": 1,
                "column": 1
              }
            }
          ],
          "span": {
            "file": "runtime/src/meta/conditions.ts",
            "line": 1,
            "column": 1
          }
        },
        {
          "name": "reason",
          "doc": "reason contains a programmatic identifier indicating the reason for the condition's last transition.\nProducers of specific condition types may define expected values and meanings for this field,\nand whether the values are considered a guaranteed API.\nThe value should be a CamelCase string.\nThis field may not be empty.",
          "type": {
            "kind": "primitive",
            "name": "string"
          },
          "optional": false,
          "nullable": false,
          "required": true,
          "immutable": false,
          "schemaless": false,
          "markers": [
            {
              "name": "required",
              "value": true,
              "span": {
                "file": "runtime/src/meta/conditions.ts",
                "line": 1,
                "column": 1
              }
            },
            {
              "name": "kubebuilder:validation:Required",
              "value": true,
              "span": {
                "file": "runtime/src/meta/conditions.ts",
                "line": 1,
                "column": 1
              }
            },
            {
              "name": "kubebuilder:validation:MaxLength",
              "value": 1024,
              "span": {
                "file": "runtime/src/meta/conditions.ts",
                "line": 1,
                "column": 1
              }
            },
            {
              "name": "kubebuilder:validation:MinLength",
              "value": 1,
              "span": {
                "file": "runtime/src/meta/conditions.ts",
                "line": 1,
                "column": 1
              }
            },
            {
              "name": "kubebuilder:validation:Pattern",
              "value": "^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$",
              "span": {
                "file": "runtime/src/meta/conditions.ts",
                "line": 1,
                "column": 1
              }
            }
          ],
          "span": {
            "file": "runtime/src/meta/conditions.ts",
            "line": 1,
            "column": 1
          },
          "constraints": {
            "minLength": 1,
            "maxLength": 1024,
            "pattern": "^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$"
          }
        },
        {
          "name": "message",
          "doc": "message is a human readable message indicating details about the transition.\nThis may be an empty string.",
          "type": {
            "kind": "primitive",
            "name": "string"
          },
          "optional": false,
          "nullable": false,
          "required": true,
          "immutable": false,
          "schemaless": false,
          "markers": [
            {
              "name": "required",
              "value": true,
              "span": {
                "file": "runtime/src/meta/conditions.ts",
                "line": 1,
                "column": 1
              }
            },
            {
              "name": "kubebuilder:validation:Required",
              "value": true,
              "span": {
                "file": "runtime/src/meta/conditions.ts",
                "line": 1,
                "column": 1
              }
            },
            {
              "name": "kubebuilder:validation:MaxLength",
              "value": 32768,
              "span": {
                "file": "runtime/src/meta/conditions.ts",
                "line": 1,
                "column": 1
              }
            }
          ],
          "span": {
            "file": "runtime/src/meta/conditions.ts",
            "line": 1,
            "column": 1
          },
          "constraints": {
            "maxLength": 32768
          }
        }
      ]
    }
  },
  {
    "name": "ConditionStatus",
    "package": "@kubegen/runtime",
    "exported": true,
    "doc": "ConditionStatus is the status of a condition: True, False or Unknown (metav1.ConditionStatus). The Go type\ncarries no Enum marker; `Condition.status` carries it on the field.",
    "markers": [],
    "span": {
      "file": "runtime/src/meta/conditions.ts",
      "line": 1,
      "column": 1
    },
    "declaration": "alias",
    "type": {
      "kind": "enum",
      "base": "string",
      "values": [
        "True",
        "False",
        "Unknown"
      ]
    }
  },
  {
    "name": "ConfigMapKeySelector",
    "package": "@kubegen/runtime",
    "exported": true,
    "doc": "Selects a key from a ConfigMap.",
    "markers": [
      {
        "name": "structType",
        "value": "atomic",
        "span": {
          "file": "runtime/src/meta/core.ts",
          "line": 1,
          "column": 1
        }
      }
    ],
    "span": {
      "file": "runtime/src/meta/core.ts",
      "line": 1,
      "column": 1
    },
    "declaration": "interface",
    "type": {
      "kind": "struct",
      "embeds": [
        {
          "kind": "named",
          "package": "@kubegen/runtime",
          "name": "LocalObjectReference"
        }
      ],
      "fields": [
        {
          "name": "key",
          "doc": "The key to select from the ConfigMap's Data field.\nKeys in the BinaryData field are not currently propagated to container env vars.",
          "type": {
            "kind": "primitive",
            "name": "string"
          },
          "optional": false,
          "nullable": false,
          "required": true,
          "immutable": false,
          "schemaless": false,
          "markers": [],
          "span": {
            "file": "runtime/src/meta/core.ts",
            "line": 1,
            "column": 1
          }
        },
        {
          "name": "optional",
          "doc": "Specify whether the ConfigMap or its key must be defined",
          "type": {
            "kind": "primitive",
            "name": "boolean"
          },
          "optional": true,
          "nullable": false,
          "required": false,
          "immutable": false,
          "schemaless": false,
          "markers": [
            {
              "name": "optional",
              "value": true,
              "span": {
                "file": "runtime/src/meta/core.ts",
                "line": 1,
                "column": 1
              }
            }
          ],
          "span": {
            "file": "runtime/src/meta/core.ts",
            "line": 1,
            "column": 1
          }
        }
      ]
    },
    "constraints": {
      "mapType": "atomic"
    }
  },
  {
    "name": "LabelSelector",
    "package": "@kubegen/runtime",
    "exported": true,
    "doc": "A label selector is a label query over a set of resources. The result of matchLabels and\nmatchExpressions are ANDed. An empty label selector matches all objects. A null\nlabel selector matches no objects.",
    "markers": [
      {
        "name": "structType",
        "value": "atomic",
        "span": {
          "file": "runtime/src/meta/conditions.ts",
          "line": 1,
          "column": 1
        }
      }
    ],
    "span": {
      "file": "runtime/src/meta/conditions.ts",
      "line": 1,
      "column": 1
    },
    "declaration": "interface",
    "type": {
      "kind": "struct",
      "embeds": [],
      "fields": [
        {
          "name": "matchLabels",
          "doc": "matchLabels is a map of {key,value} pairs. A single {key,value} in the matchLabels\nmap is equivalent to an element of matchExpressions, whose key field is \"key\", the\noperator is \"In\", and the values array contains only \"value\". The requirements are ANDed.",
          "type": {
            "kind": "map",
            "values": {
              "kind": "primitive",
              "name": "string"
            }
          },
          "optional": true,
          "nullable": false,
          "required": false,
          "immutable": false,
          "schemaless": false,
          "markers": [
            {
              "name": "optional",
              "value": true,
              "span": {
                "file": "runtime/src/meta/conditions.ts",
                "line": 1,
                "column": 1
              }
            }
          ],
          "span": {
            "file": "runtime/src/meta/conditions.ts",
            "line": 1,
            "column": 1
          }
        },
        {
          "name": "matchExpressions",
          "doc": "matchExpressions is a list of label selector requirements. The requirements are ANDed.",
          "type": {
            "kind": "array",
            "items": {
              "kind": "named",
              "package": "@kubegen/runtime",
              "name": "LabelSelectorRequirement"
            }
          },
          "optional": true,
          "nullable": false,
          "required": false,
          "immutable": false,
          "schemaless": false,
          "markers": [
            {
              "name": "optional",
              "value": true,
              "span": {
                "file": "runtime/src/meta/conditions.ts",
                "line": 1,
                "column": 1
              }
            },
            {
              "name": "listType",
              "value": "atomic",
              "span": {
                "file": "runtime/src/meta/conditions.ts",
                "line": 1,
                "column": 1
              }
            }
          ],
          "span": {
            "file": "runtime/src/meta/conditions.ts",
            "line": 1,
            "column": 1
          },
          "constraints": {
            "listType": "atomic"
          }
        }
      ]
    },
    "constraints": {
      "mapType": "atomic"
    }
  },
  {
    "name": "LabelSelectorOperator",
    "package": "@kubegen/runtime",
    "exported": true,
    "doc": "A label selector operator is the set of operators that can be used in a selector requirement.\nThe known values are In, NotIn, Exists and DoesNotExist; the Go type carries no Enum marker, so the schema is a\nplain string.",
    "markers": [],
    "span": {
      "file": "runtime/src/meta/conditions.ts",
      "line": 1,
      "column": 1
    },
    "declaration": "alias",
    "type": {
      "kind": "primitive",
      "name": "string"
    }
  },
  {
    "name": "LabelSelectorRequirement",
    "package": "@kubegen/runtime",
    "exported": true,
    "doc": "A label selector requirement is a selector that contains values, a key, and an operator that\nrelates the key and values.",
    "markers": [],
    "span": {
      "file": "runtime/src/meta/conditions.ts",
      "line": 1,
      "column": 1
    },
    "declaration": "interface",
    "type": {
      "kind": "struct",
      "embeds": [],
      "fields": [
        {
          "name": "key",
          "doc": "key is the label key that the selector applies to.",
          "type": {
            "kind": "primitive",
            "name": "string"
          },
          "optional": false,
          "nullable": false,
          "required": true,
          "immutable": false,
          "schemaless": false,
          "markers": [],
          "span": {
            "file": "runtime/src/meta/conditions.ts",
            "line": 1,
            "column": 1
          }
        },
        {
          "name": "operator",
          "doc": "operator represents a key's relationship to a set of values.\nValid operators are In, NotIn, Exists and DoesNotExist.",
          "type": {
            "kind": "named",
            "package": "@kubegen/runtime",
            "name": "LabelSelectorOperator"
          },
          "optional": false,
          "nullable": false,
          "required": true,
          "immutable": false,
          "schemaless": false,
          "markers": [],
          "span": {
            "file": "runtime/src/meta/conditions.ts",
            "line": 1,
            "column": 1
          }
        },
        {
          "name": "values",
          "doc": "values is an array of string values. If the operator is In or NotIn,\nthe values array must be non-empty. If the operator is Exists or DoesNotExist,\nthe values array must be empty. This array is replaced during a strategic\nmerge patch.",
          "type": {
            "kind": "array",
            "items": {
              "kind": "primitive",
              "name": "string"
            }
          },
          "optional": true,
          "nullable": false,
          "required": false,
          "immutable": false,
          "schemaless": false,
          "markers": [
            {
              "name": "optional",
              "value": true,
              "span": {
                "file": "runtime/src/meta/conditions.ts",
                "line": 1,
                "column": 1
              }
            },
            {
              "name": "listType",
              "value": "atomic",
              "span": {
                "file": "runtime/src/meta/conditions.ts",
                "line": 1,
                "column": 1
              }
            }
          ],
          "span": {
            "file": "runtime/src/meta/conditions.ts",
            "line": 1,
            "column": 1
          },
          "constraints": {
            "listType": "atomic"
          }
        }
      ]
    }
  },
  {
    "name": "LocalObjectReference",
    "package": "@kubegen/runtime",
    "exported": true,
    "doc": "LocalObjectReference contains enough information to let you locate the\nreferenced object inside the same namespace.",
    "markers": [
      {
        "name": "structType",
        "value": "atomic",
        "span": {
          "file": "runtime/src/meta/core.ts",
          "line": 1,
          "column": 1
        }
      }
    ],
    "span": {
      "file": "runtime/src/meta/core.ts",
      "line": 1,
      "column": 1
    },
    "declaration": "interface",
    "type": {
      "kind": "struct",
      "embeds": [],
      "fields": [
        {
          "name": "name",
          "doc": "Name of the referent.\nThis field is effectively required, but due to backwards compatibility is\nallowed to be empty. Instances of this type with an empty value here are\nalmost certainly wrong.\nMore info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#names",
          "type": {
            "kind": "primitive",
            "name": "string"
          },
          "optional": true,
          "nullable": false,
          "required": false,
          "immutable": false,
          "schemaless": false,
          "markers": [
            {
              "name": "optional",
              "value": true,
              "span": {
                "file": "runtime/src/meta/core.ts",
                "line": 1,
                "column": 1
              }
            },
            {
              "name": "default",
              "value": "",
              "span": {
                "file": "runtime/src/meta/core.ts",
                "line": 1,
                "column": 1
              }
            },
            {
              "name": "kubebuilder:default",
              "value": "",
              "span": {
                "file": "runtime/src/meta/core.ts",
                "line": 1,
                "column": 1
              }
            }
          ],
          "span": {
            "file": "runtime/src/meta/core.ts",
            "line": 1,
            "column": 1
          },
          "default": {
            "value": "",
            "marker": "kubebuilder:default",
            "span": {
              "file": "runtime/src/meta/core.ts",
              "line": 1,
              "column": 1
            }
          }
        }
      ]
    },
    "constraints": {
      "mapType": "atomic"
    }
  },
  {
    "name": "ObjectReference",
    "package": "@kubegen/runtime",
    "exported": true,
    "doc": "ObjectReference contains enough information to let you inspect or modify the referred object.",
    "markers": [
      {
        "name": "structType",
        "value": "atomic",
        "span": {
          "file": "runtime/src/meta/core.ts",
          "line": 1,
          "column": 1
        }
      }
    ],
    "span": {
      "file": "runtime/src/meta/core.ts",
      "line": 1,
      "column": 1
    },
    "declaration": "interface",
    "type": {
      "kind": "struct",
      "embeds": [],
      "fields": [
        {
          "name": "kind",
          "doc": "Kind of the referent.\nMore info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds",
          "type": {
            "kind": "primitive",
            "name": "string"
          },
          "optional": true,
          "nullable": false,
          "required": false,
          "immutable": false,
          "schemaless": false,
          "markers": [
            {
              "name": "optional",
              "value": true,
              "span": {
                "file": "runtime/src/meta/core.ts",
                "line": 1,
                "column": 1
              }
            }
          ],
          "span": {
            "file": "runtime/src/meta/core.ts",
            "line": 1,
            "column": 1
          }
        },
        {
          "name": "namespace",
          "doc": "Namespace of the referent.\nMore info: https://kubernetes.io/docs/concepts/overview/working-with-objects/namespaces/",
          "type": {
            "kind": "primitive",
            "name": "string"
          },
          "optional": true,
          "nullable": false,
          "required": false,
          "immutable": false,
          "schemaless": false,
          "markers": [
            {
              "name": "optional",
              "value": true,
              "span": {
                "file": "runtime/src/meta/core.ts",
                "line": 1,
                "column": 1
              }
            }
          ],
          "span": {
            "file": "runtime/src/meta/core.ts",
            "line": 1,
            "column": 1
          }
        },
        {
          "name": "name",
          "doc": "Name of the referent.\nMore info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#names",
          "type": {
            "kind": "primitive",
            "name": "string"
          },
          "optional": true,
          "nullable": false,
          "required": false,
          "immutable": false,
          "schemaless": false,
          "markers": [
            {
              "name": "optional",
              "value": true,
              "span": {
                "file": "runtime/src/meta/core.ts",
                "line": 1,
                "column": 1
              }
            }
          ],
          "span": {
            "file": "runtime/src/meta/core.ts",
            "line": 1,
            "column": 1
          }
        },
        {
          "name": "uid",
          "doc": "UID of the referent.\nMore info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#uids",
          "type": {
            "kind": "named",
            "package": "@kubegen/runtime",
            "name": "UID"
          },
          "optional": true,
          "nullable": false,
          "required": false,
          "immutable": false,
          "schemaless": false,
          "markers": [
            {
              "name": "optional",
              "value": true,
              "span": {
                "file": "runtime/src/meta/core.ts",
                "line": 1,
                "column": 1
              }
            }
          ],
          "span": {
            "file": "runtime/src/meta/core.ts",
            "line": 1,
            "column": 1
          }
        },
        {
          "name": "apiVersion",
          "doc": "API version of the referent.",
          "type": {
            "kind": "primitive",
            "name": "string"
          },
          "optional": true,
          "nullable": false,
          "required": false,
          "immutable": false,
          "schemaless": false,
          "markers": [
            {
              "name": "optional",
              "value": true,
              "span": {
                "file": "runtime/src/meta/core.ts",
                "line": 1,
                "column": 1
              }
            }
          ],
          "span": {
            "file": "runtime/src/meta/core.ts",
            "line": 1,
            "column": 1
          }
        },
        {
          "name": "resourceVersion",
          "doc": "Specific resourceVersion to which this reference is made, if any.\nMore info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#concurrency-control-and-consistency",
          "type": {
            "kind": "primitive",
            "name": "string"
          },
          "optional": true,
          "nullable": false,
          "required": false,
          "immutable": false,
          "schemaless": false,
          "markers": [
            {
              "name": "optional",
              "value": true,
              "span": {
                "file": "runtime/src/meta/core.ts",
                "line": 1,
                "column": 1
              }
            }
          ],
          "span": {
            "file": "runtime/src/meta/core.ts",
            "line": 1,
            "column": 1
          }
        },
        {
          "name": "fieldPath",
          "doc": "If referring to a piece of an object instead of an entire object, this string\nshould contain a valid JSON/Go field access statement, such as desiredState.manifest.containers[2].\nFor example, if the object reference is to a container within a pod, this would take on a value like:\n\"spec.containers{name}\" (where \"name\" refers to the name of the container that triggered\nthe event) or if no container name is specified \"spec.containers[2]\" (container with\nindex 2 in this pod). This syntax is chosen only to have some well-defined way of\nreferencing a part of an object.",
          "type": {
            "kind": "primitive",
            "name": "string"
          },
          "optional": true,
          "nullable": false,
          "required": false,
          "immutable": false,
          "schemaless": false,
          "markers": [
            {
              "name": "optional",
              "value": true,
              "span": {
                "file": "runtime/src/meta/core.ts",
                "line": 1,
                "column": 1
              }
            }
          ],
          "span": {
            "file": "runtime/src/meta/core.ts",
            "line": 1,
            "column": 1
          }
        }
      ]
    },
    "constraints": {
      "mapType": "atomic"
    }
  },
  {
    "name": "SecretKeySelector",
    "package": "@kubegen/runtime",
    "exported": true,
    "doc": "SecretKeySelector selects a key of a Secret.",
    "markers": [
      {
        "name": "structType",
        "value": "atomic",
        "span": {
          "file": "runtime/src/meta/core.ts",
          "line": 1,
          "column": 1
        }
      }
    ],
    "span": {
      "file": "runtime/src/meta/core.ts",
      "line": 1,
      "column": 1
    },
    "declaration": "interface",
    "type": {
      "kind": "struct",
      "embeds": [
        {
          "kind": "named",
          "package": "@kubegen/runtime",
          "name": "LocalObjectReference"
        }
      ],
      "fields": [
        {
          "name": "key",
          "doc": "The key of the secret to select from.  Must be a valid secret key.",
          "type": {
            "kind": "primitive",
            "name": "string"
          },
          "optional": false,
          "nullable": false,
          "required": true,
          "immutable": false,
          "schemaless": false,
          "markers": [],
          "span": {
            "file": "runtime/src/meta/core.ts",
            "line": 1,
            "column": 1
          }
        },
        {
          "name": "optional",
          "doc": "Specify whether the Secret or its key must be defined",
          "type": {
            "kind": "primitive",
            "name": "boolean"
          },
          "optional": true,
          "nullable": false,
          "required": false,
          "immutable": false,
          "schemaless": false,
          "markers": [
            {
              "name": "optional",
              "value": true,
              "span": {
                "file": "runtime/src/meta/core.ts",
                "line": 1,
                "column": 1
              }
            }
          ],
          "span": {
            "file": "runtime/src/meta/core.ts",
            "line": 1,
            "column": 1
          }
        }
      ]
    },
    "constraints": {
      "mapType": "atomic"
    }
  },
  {
    "name": "TypeMeta",
    "package": "@kubegen/runtime",
    "exported": true,
    "doc": "TypeMeta describes an individual object in an API response or request with strings representing the type of\nthe object and its API schema version. Structures that are versioned or persisted should inline TypeMeta.",
    "markers": [],
    "span": {
      "file": "runtime/src/meta/types.ts",
      "line": 1,
      "column": 1
    },
    "declaration": "interface",
    "type": {
      "kind": "struct",
      "embeds": [],
      "fields": [
        {
          "name": "apiVersion",
          "doc": "APIVersion defines the versioned schema of this representation of an object.\nServers should convert recognized schemas to the latest internal value, and\nmay reject unrecognized values.\nMore info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources",
          "type": {
            "kind": "primitive",
            "name": "string"
          },
          "optional": true,
          "nullable": false,
          "required": false,
          "immutable": false,
          "schemaless": false,
          "markers": [],
          "span": {
            "file": "runtime/src/meta/types.ts",
            "line": 1,
            "column": 1
          }
        },
        {
          "name": "kind",
          "doc": "Kind is a string value representing the REST resource this object represents.\nServers may infer this from the endpoint the client submits requests to.\nCannot be updated.\nIn CamelCase.\nMore info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds",
          "type": {
            "kind": "primitive",
            "name": "string"
          },
          "optional": true,
          "nullable": false,
          "required": false,
          "immutable": false,
          "schemaless": false,
          "markers": [],
          "span": {
            "file": "runtime/src/meta/types.ts",
            "line": 1,
            "column": 1
          }
        }
      ]
    }
  },
  {
    "name": "TypedLocalObjectReference",
    "package": "@kubegen/runtime",
    "exported": true,
    "doc": "TypedLocalObjectReference contains enough information to let you locate the\ntyped referenced object inside the same namespace.",
    "markers": [
      {
        "name": "structType",
        "value": "atomic",
        "span": {
          "file": "runtime/src/meta/core.ts",
          "line": 1,
          "column": 1
        }
      }
    ],
    "span": {
      "file": "runtime/src/meta/core.ts",
      "line": 1,
      "column": 1
    },
    "declaration": "interface",
    "type": {
      "kind": "struct",
      "embeds": [],
      "fields": [
        {
          "name": "apiGroup",
          "doc": "APIGroup is the group for the resource being referenced.\nIf APIGroup is not specified, the specified Kind must be in the core API group.\nFor any other third-party types, APIGroup is required.",
          "type": {
            "kind": "primitive",
            "name": "string"
          },
          "optional": true,
          "nullable": false,
          "required": false,
          "immutable": false,
          "schemaless": false,
          "markers": [
            {
              "name": "optional",
              "value": true,
              "span": {
                "file": "runtime/src/meta/core.ts",
                "line": 1,
                "column": 1
              }
            }
          ],
          "span": {
            "file": "runtime/src/meta/core.ts",
            "line": 1,
            "column": 1
          }
        },
        {
          "name": "kind",
          "doc": "Kind is the type of resource being referenced",
          "type": {
            "kind": "primitive",
            "name": "string"
          },
          "optional": false,
          "nullable": false,
          "required": true,
          "immutable": false,
          "schemaless": false,
          "markers": [],
          "span": {
            "file": "runtime/src/meta/core.ts",
            "line": 1,
            "column": 1
          }
        },
        {
          "name": "name",
          "doc": "Name is the name of resource being referenced",
          "type": {
            "kind": "primitive",
            "name": "string"
          },
          "optional": false,
          "nullable": false,
          "required": true,
          "immutable": false,
          "schemaless": false,
          "markers": [],
          "span": {
            "file": "runtime/src/meta/core.ts",
            "line": 1,
            "column": 1
          }
        }
      ]
    },
    "constraints": {
      "mapType": "atomic"
    }
  },
  {
    "name": "UID",
    "package": "@kubegen/runtime",
    "exported": true,
    "doc": "UID is a type that holds unique ID values, including UUIDs.  Because we\ndon't ONLY use UUIDs, this is an alias to string.  Being a type captures\nintent and helps make sure that UIDs and names do not get conflated.",
    "markers": [],
    "span": {
      "file": "runtime/src/meta/core.ts",
      "line": 1,
      "column": 1
    },
    "declaration": "alias",
    "type": {
      "kind": "primitive",
      "name": "string"
    }
  }
];
